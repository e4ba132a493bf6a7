import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { MyVerification } from '@app/shared/schemas/verification';
import { auditLog } from '../src/db/schema';
import { documentDir } from '../src/modules/verification/document-store';
import {
  deleteDocumentsPastRetention,
  documentRetentionJob,
  orphanDocumentSweepJob,
} from '../src/modules/verification/verification.service';
import {
  adminClient,
  approvedBySecondAdmin,
  createTestApp,
  expectError,
  multipartFile,
  registerUser,
  useTestAppOnOwnDataDir,
  type TestApp,
  type TestClient,
} from './harness';

/**
 * Verification files after an account is closed (issue 21): kept for the operator's retention
 * period, then deleted by a scheduled sweep on a scripted clock, with the rows and the audit trail
 * kept and the deletion itself audited; and sealed files that no row points at (a crash between
 * writing a file and committing its row) removed once they are an hour old.
 */

let t: TestApp;
let dataDir: string;
let admin: TestClient;
const DAY = 24 * 3600_000;

useTestAppOnOwnDataDir('nestrado-retention-', (made) => ({ t, admin, dataDir } = made));

function upload(client: TestClient, field: string, bytes: Buffer) {
  const { body, contentType } = multipartFile(field, `${field}.png`, 'image/png', bytes);
  return client.request('POST', '/api/verification/documents', body, {
    'content-type': contentType,
  });
}

function photo(red: number): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: red, g: 9, b: 9 } },
  })
    .png()
    .toBuffer();
}

async function storedFiles(): Promise<string[]> {
  return (await fs.readdir(documentDir(dataDir)).catch(() => [] as string[])).sort();
}

async function storageNames(userId: string) {
  const result = await t.db.execute<{ storage_name: string | null; deleted_at: Date | null }>(
    sql`SELECT storage_name, deleted_at FROM verification_documents WHERE user_id = ${userId}
        ORDER BY created_at, id`,
  );
  return result.rows;
}

/** A user with two documents on file (an identity front and a proof of address). */
async function userWithDocuments(name: string) {
  const registered = await registerUser(t.app, { name });
  const front = await upload(registered.client, 'identityFront', await photo(10));
  expect(front.statusCode, front.body).toBe(200);
  const proof = await upload(registered.client, 'proofOfAddress', await photo(20));
  expect(proof.statusCode, proof.body).toBe(200);
  const documents = proof.json<MyVerification>().documents;
  return { ...registered, documents };
}

describe('verification files after an account is closed', () => {
  it('are kept for the retention period, then deleted with the rows and the audit trail kept', async () => {
    // Shorter than the default: it waits for a second admin, who approves it.
    const setting = await approvedBySecondAdmin(
      t,
      await admin.put('/api/admin/settings/document-retention', { retentionDays: 30 }),
    );
    expect(setting.statusCode, setting.body).toBe(200);
    const closed = await userWithDocuments('Clara Closed');
    const open = await userWithDocuments('Otto Open');
    const closedNames = (await storageNames(closed.user.id)).map((r) => r.storage_name);
    const openNames = (await storageNames(open.user.id)).map((r) => r.storage_name);
    expect(closedNames).toHaveLength(2);

    const deleted = await admin.request('DELETE', `/api/admin/users/${closed.user.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const closedAt = t.clock.now();

    // 29 days and 23 hours later: still within the period.
    t.clock.advance(30 * DAY - 3600_000);
    expect(await deleteDocumentsPastRetention(t.ctx, t.clock.now())).toBe(0);
    expect(await storedFiles()).toEqual(expect.arrayContaining([...closedNames, ...openNames]));

    // Past 30 days the scheduled sweep deletes the closed account's files, and only those.
    t.clock.advance(2 * 3600_000);
    await documentRetentionJob(t.ctx).run(t.clock.now());
    const files = await storedFiles();
    for (const name of closedNames) expect(files).not.toContain(name);
    for (const name of openNames) expect(files).toContain(name);
    const rows = await storageNames(closed.user.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.storage_name).toBeNull();
      expect(new Date(row.deleted_at ?? 0).toISOString()).toBe(t.clock.now().toISOString());
    }
    expect((await storageNames(open.user.id)).every((r) => r.storage_name !== null)).toBe(true);

    // The audit trail stays, and says what was deleted, when and under which period.
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, closed.user.id))
      .orderBy(auditLog.id);
    expect(trail.map((e) => e.action)).toEqual([
      'user.registered',
      'user.deleted',
      'verification.documents_deleted',
    ]);
    expect(trail[2]?.actorId).toBeNull();
    expect(trail[2]?.details).toEqual({
      documents: 2,
      retentionDays: 30,
      closedAt: closedAt.toISOString(),
    });
    const uploads = await t.db.select().from(auditLog).where(eq(auditLog.actorId, closed.user.id));
    expect(uploads.filter((e) => e.action === 'verification.document_uploaded')).toHaveLength(2);

    // An admin asking for a deleted file finds nothing; the document row says when it went.
    const [first] = closed.documents;
    admin = await adminClient(t); // a month on: a fresh session
    const read = await admin.get(`/api/admin/verifications/documents/${first?.id ?? ''}`);
    expect(read.statusCode).toBe(404);
    expectError(read, { code: 'VERIFICATION_DOCUMENT_NOT_FOUND' });

    // A second run finds nothing more to do and writes no second entry.
    t.clock.advance(DAY);
    expect(await deleteDocumentsPastRetention(t.ctx, t.clock.now())).toBe(0);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'verification.documents_deleted'));
    expect(entries).toHaveLength(1);
  });

  it('the period is the operator’s: 5 years by default, from 30 days to 10 years, audited', async () => {
    admin = await adminClient(t); // the clock moved past the first session's lifetime
    const fresh = await createTestApp({ dataDir });
    try {
      const freshAdmin = await adminClient(fresh);
      expect((await freshAdmin.get('/api/admin/settings/document-retention')).json()).toEqual({
        retentionDays: 1826,
      });
    } finally {
      await fresh.close();
    }
    const tooShort = await admin.put('/api/admin/settings/document-retention', {
      retentionDays: 29,
    });
    expect(tooShort.statusCode).toBe(400);
    expectError(tooShort, { code: 'VALIDATION_FAILED', field: 'retentionDays' });
    expect(
      (await admin.put('/api/admin/settings/document-retention', { retentionDays: 3653 }))
        .statusCode,
    ).toBe(200);
    const changes = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'settings.document_retention_changed'));
    // The shorter period was asked for by one admin and approved by another; the longer is one's.
    const details = changes.map((e) => e.details as Record<string, unknown>);
    expect(details.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: 1826, to: 30 },
      { from: 30, to: 3653 },
    ]);
    expect(details[0]?.requestedBy).not.toBe(details[0]?.approvedBy);
    expect(details[1]?.requestedBy).toBeUndefined();
  });

  it('sealed files no row points at are removed once an hour old; a file with a row stays', async () => {
    admin = await adminClient(t);
    const kept = await userWithDocuments('Kim Kept');
    const [keptName] = (await storageNames(kept.user.id)).map((r) => r.storage_name);
    const dir = documentDir(dataDir);
    const oldOrphan = `${crypto.randomUUID()}.bin`;
    const youngOrphan = `${crypto.randomUUID()}.bin`;
    await fs.writeFile(path.join(dir, oldOrphan), 'sealed bytes');
    await fs.writeFile(path.join(dir, youngOrphan), 'sealed bytes');
    await fs.writeFile(path.join(dir, 'notes.txt'), 'not ours');
    const now = new Date();
    const twoHoursAgo = new Date(now.getTime() - 2 * 3600_000);
    await fs.utimes(path.join(dir, oldOrphan), twoHoursAgo, twoHoursAgo);
    await fs.utimes(path.join(dir, keptName ?? ''), twoHoursAgo, twoHoursAgo);
    await fs.utimes(path.join(dir, 'notes.txt'), twoHoursAgo, twoHoursAgo);

    await orphanDocumentSweepJob(t.ctx).run(now);
    const files = await storedFiles();
    expect(files).not.toContain(oldOrphan);
    expect(files).toContain(youngOrphan);
    expect(files).toContain(keptName);
    expect(files).toContain('notes.txt');
    // The kept file still opens for its owner.
    const [document] = kept.documents;
    expect(
      (await kept.client.get(`/api/verification/documents/${document?.id ?? ''}`)).statusCode,
    ).toBe(200);
    await fs.rm(path.join(dir, youngOrphan));
    await fs.rm(path.join(dir, 'notes.txt'));
  });
});
