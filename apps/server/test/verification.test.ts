import { describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import type { AdminVerification, MyVerification } from '@app/shared/schemas/verification';
import { DOCUMENT_MAX_BYTES } from '@app/shared/schemas/verification';
import { auditLog } from '../src/db/schema';
import { findMailTo } from '../src/modules/mail/outbox.repo';
import { documentDir } from '../src/modules/verification/document-store';
import {
  approvedBySecondAdmin,
  expectError,
  multipartFile,
  registerUser,
  useTestAppOnOwnDataDir,
  type TestApp,
  type TestClient,
} from './harness';

/**
 * Account review with evidence (issue 21), end to end: a user uploads an identity document and a
 * proof of address and submits; the admin rejects with a reason and asks for one document again;
 * the user re-uploads it and resubmits; the admin approves and the account is active. Documents
 * are sealed on disk, outside the public uploads, and readable only by their owner and admins.
 */

let t: TestApp;
let dataDir: string;
let admin: TestClient;

useTestAppOnOwnDataDir('nestrado-verification-', (made) => ({ t, admin, dataDir } = made));

function upload(
  client: TestClient,
  field: string,
  filename: string,
  contentType: string,
  bytes: Buffer,
) {
  const { body, contentType: header } = multipartFile(field, filename, contentType, bytes);
  return client.request('POST', '/api/verification/documents', body, { 'content-type': header });
}

/** A small photo with a marker colour and an EXIF comment that must not survive re-encoding. */
function photo(red: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const image = sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: red, g: 90, b: 40 } },
  }).withExif({ IFD0: { ImageDescription: 'SECRET-GPS-MARKER' } });
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A plain PNG of 40,008,000 pixels (a few kilobytes), just over DOCUMENT_MAX_PIXELS. */
function overPixelCeiling(): Promise<Buffer> {
  return sharp({ create: { width: 8000, height: 5001, channels: 3, background: '#888888' } })
    .png()
    .toBuffer();
}

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

const details = {
  legalName: 'Ada King Lovelace',
  dateOfBirth: '1985-12-10',
  address: '12 St James’s Square, London SW1Y 4JH',
  nationality: 'British',
  documentType: 'id_card',
};

async function storedFiles(): Promise<string[]> {
  return fs.readdir(documentDir(dataDir)).catch(() => []);
}

async function documentRows(userId: string): Promise<number> {
  const result = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM verification_documents WHERE user_id = ${userId}`,
  );
  return result.rows[0]?.n ?? 0;
}

async function isActive(userId: string): Promise<boolean> {
  const result = await t.db.execute<{ is_active: boolean }>(
    sql`SELECT is_active FROM users WHERE id = ${userId}`,
  );
  return result.rows[0]?.is_active ?? false;
}

describe('account review with evidence', () => {
  it('submit → reject with a reason → re-upload → resubmit → approve → the account is active', async () => {
    const { client, user, input } = await registerUser(t.app, { name: 'Ada Verified' });
    expect((await client.get('/api/verification')).json<MyVerification>()).toMatchObject({
      standing: 'not_started',
      documents: [],
    });

    // Submitting before the documents are there names the first one missing.
    const early = await client.post('/api/verification/submit', details);
    expect(early.statusCode).toBe(400);
    expectError(early, { code: 'VERIFICATION_DOCUMENT_MISSING', field: 'identityFront' });

    const front = await upload(client, 'identityFront', 'front.png', 'image/png', await photo(200));
    expect(front.statusCode, front.body).toBe(200);
    const back = await upload(
      client,
      'identityBack',
      'back.jpg',
      'image/jpeg',
      await photo(10, 'jpeg'),
    );
    expect(back.statusCode, back.body).toBe(200);
    const missingAddress = await client.post('/api/verification/submit', details);
    expectError(missingAddress, { code: 'VERIFICATION_DOCUMENT_MISSING', field: 'proofOfAddress' });
    const bill = await upload(client, 'proofOfAddress', 'bill.pdf', 'application/pdf', PDF);
    expect(bill.statusCode, bill.body).toBe(200);

    // Too young and not yet born are refused, naming the field.
    const minor = await client.post('/api/verification/submit', {
      ...details,
      dateOfBirth: `${t.clock.now().getUTCFullYear() - 17}-01-01`,
    });
    expectError(minor, { code: 'DATE_OF_BIRTH_UNDER_18', field: 'dateOfBirth' });
    const unborn = await client.post('/api/verification/submit', {
      ...details,
      dateOfBirth: `${t.clock.now().getUTCFullYear() + 1}-01-01`,
    });
    expectError(unborn, { code: 'DATE_OF_BIRTH_IN_FUTURE', field: 'dateOfBirth' });

    const submitted = await client.post('/api/verification/submit', details);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json<MyVerification>()).toMatchObject({
      standing: 'submitted',
      details,
    });
    // Under review, nothing can be changed.
    const locked = await upload(client, 'identityFront', 'f.png', 'image/png', await photo(1));
    expect(locked.statusCode).toBe(409);
    expectError(locked, { code: 'VERIFICATION_LOCKED' });

    // The admin's queue shows the submission with its details and its three documents.
    const queue = (await admin.get('/api/admin/verifications')).json<{
      verifications: AdminVerification[];
    }>();
    const mine = queue.verifications.find((v) => v.userId === user.id);
    expect(mine).toMatchObject({ status: 'submitted', details, userEmail: input.email });
    expect(mine?.documents.map((d) => [d.kind, d.mediaType]).sort()).toEqual([
      ['identityBack', 'image/jpeg'],
      ['identityFront', 'image/jpeg'],
      ['proofOfAddress', 'application/pdf'],
    ]);

    const rejected = await admin.post(`/api/admin/verifications/${mine?.id}/reject`, {
      reason: 'The back of your ID card is blurred; please take the photo again.',
      document: 'identityBack',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const needsAction = (await client.get('/api/verification')).json<MyVerification>();
    expect(needsAction).toMatchObject({
      standing: 'needs_action',
      reason: 'The back of your ID card is blurred; please take the photo again.',
      requestedDocument: 'identityBack',
    });
    expect(await findMailTo(t.db, input.email, 'verification_rejected')).toHaveLength(1);
    expect(await isActive(user.id)).toBe(false);

    // Resubmitting without the document asked for is refused, naming it.
    t.clock.advance(1_000);
    const again = await client.post('/api/verification/submit', details);
    expectError(again, { code: 'VERIFICATION_DOCUMENT_MISSING', field: 'identityBack' });
    const redo = await upload(client, 'identityBack', 'back2.png', 'image/png', await photo(120));
    expect(redo.statusCode, redo.body).toBe(200);
    const resubmitted = await client.post('/api/verification/submit', details);
    expect(resubmitted.json<MyVerification>()).toMatchObject({
      standing: 'submitted',
      reason: null,
    });

    const approved = await admin.post(`/api/admin/verifications/${mine?.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ verification: AdminVerification }>().verification).toMatchObject({
      status: 'approved',
      userActive: true,
    });
    expect(await isActive(user.id)).toBe(true);
    expect((await client.get('/api/verification')).json<MyVerification>().standing).toBe(
      'approved',
    );
    expect(await findMailTo(t.db, input.email, 'verification_approved')).toHaveLength(1);
    expect(await findMailTo(t.db, input.email, 'account_activated')).toHaveLength(1);
    // Decided once: a second approval is refused.
    const twice = await admin.post(`/api/admin/verifications/${mine?.id}/approve`);
    expect(twice.statusCode).toBe(409);
  });

  it('a document is readable by its owner and admins (audited), and is not found for anyone else', async () => {
    const owner = await registerUser(t.app, { name: 'Owner' });
    const stranger = await registerUser(t.app, { name: 'Stranger' });
    const image = await photo(250);
    const uploaded = await upload(owner.client, 'identityFront', 'id.png', 'image/png', image);
    const doc = uploaded.json<MyVerification>().documents[0];
    expect(doc?.kind).toBe('identityFront');

    const own = await owner.client.get(`/api/verification/documents/${doc?.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toBe('private, no-store');
    // Re-encoded: a JPEG we made, with the EXIF comment gone.
    const served = own.rawPayload;
    expect((await sharp(served).metadata()).format).toBe('jpeg');
    expect(served.includes(Buffer.from('SECRET-GPS-MARKER'))).toBe(false);
    expect(image.includes(Buffer.from('SECRET-GPS-MARKER'))).toBe(true);

    const byAdmin = await admin.get(`/api/admin/verifications/documents/${doc?.id}`);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.rawPayload.equals(served)).toBe(true);
    const adminViews = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'verification.document_viewed_by_admin'),
          eq(auditLog.targetId, owner.user.id),
        ),
      );
    expect(adminViews).toHaveLength(1);
    expect(adminViews[0]?.details).toMatchObject({ documentId: doc?.id, kind: 'identityFront' });

    const other = await stranger.client.get(`/api/verification/documents/${doc?.id}`);
    expect(other.statusCode).toBe(404);
    expectError(other, { code: 'VERIFICATION_DOCUMENT_NOT_FOUND' });
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'refused.verification_document'), eq(auditLog.targetId, doc!.id)),
      );
    expect(refused.map((r) => r.actorId)).toEqual([stranger.user.id]);
    // Not through the admin route either, and there is no public URL for it.
    expect(
      (await stranger.client.get(`/api/admin/verifications/documents/${doc?.id}`)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: `/api/verification/documents/${doc?.id}` })).statusCode).toBe(
      401,
    );
  });

  it('the file on disk is sealed, outside the public uploads directory', async () => {
    const { client } = await registerUser(t.app, { name: 'Sealed' });
    const before = new Set(await storedFiles());
    const uploaded = await upload(client, 'proofOfAddress', 'bill.pdf', 'application/pdf', PDF);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const added = (await storedFiles()).filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    const onDisk = await fs.readFile(path.join(documentDir(dataDir), added[0]!));
    expect(onDisk.includes(Buffer.from('%PDF'))).toBe(false);
    expect(onDisk.includes(Buffer.from('/Catalog'))).toBe(false);
    expect(documentDir(dataDir).startsWith(path.join(dataDir, 'uploads'))).toBe(false);
    // The owner reads back exactly the PDF they sent.
    const id = uploaded.json<MyVerification>().documents[0]?.id;
    const read = await client.get(`/api/verification/documents/${id}`);
    expect(read.headers['content-type']).toBe('application/pdf');
    expect(read.rawPayload.equals(PDF)).toBe(true);
  });

  it('serves a PDF only as a sandboxed download, and a re-encoded image inline, to owner and admin', async () => {
    const { client } = await registerUser(t.app, { name: 'Headers' });
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R /OpenAction 3 0 R>> endobj\n' +
        '2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n' +
        '3 0 obj <</S /JavaScript /JS (app.alert(document.cookie))>> endobj\n' +
        'trailer <</Root 1 0 R>>\n%%EOF\n',
    );
    const pdf = await upload(client, 'proofOfAddress', 'bill.pdf', 'application/pdf', scripted);
    const image = await upload(client, 'identityFront', 'id.png', 'image/png', await photo(120));
    const ids = Object.fromEntries(
      image.json<MyVerification>().documents.map((doc) => [doc.kind, doc.id]),
    );
    expect(pdf.statusCode).toBe(200);
    const sandbox = "default-src 'none'; img-src 'self'; sandbox";
    for (const url of [
      `/api/verification/documents/${ids.proofOfAddress}`,
      `/api/admin/verifications/documents/${ids.proofOfAddress}`,
    ]) {
      const answer = await (url.includes('/admin/') ? admin : client).get(url);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="proofOfAddress.pdf"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': sandbox,
      });
    }
    for (const url of [
      `/api/verification/documents/${ids.identityFront}`,
      `/api/admin/verifications/documents/${ids.identityFront}`,
    ]) {
      const answer = await (url.includes('/admin/') ? admin : client).get(url);
      expect(answer.headers).toMatchObject({
        'content-type': 'image/jpeg',
        'content-disposition': 'inline; filename="identityFront.jpg"',
        'x-content-type-options': 'nosniff',
        'content-security-policy': sandbox,
      });
    }
  });

  it('refuses a PNG renamed .pdf, an SVG, an HTML file, an oversized file and an unknown field: named, nothing stored', async () => {
    const { client, user } = await registerUser(t.app, { name: 'Mallory' });
    const before = await storedFiles();
    const cases: [string, string, string, Buffer, string, string][] = [
      [
        'identityFront',
        'scan.pdf',
        'application/pdf',
        await photo(40),
        'VERIFICATION_FILE_TYPE',
        'identityFront',
      ],
      [
        'proofOfAddress',
        'bill.svg',
        'image/svg+xml',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'VERIFICATION_FILE_TYPE',
        'proofOfAddress',
      ],
      [
        'identityBack',
        'back.png',
        'image/png',
        Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
        'VERIFICATION_FILE_TYPE',
        'identityBack',
      ],
      [
        'identityFront',
        'huge.pdf',
        'application/pdf',
        Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES + 10, 0x20)]),
        'VERIFICATION_FILE_TOO_LARGE',
        'identityFront',
      ],
      ['selfie', 'me.png', 'image/png', await photo(9), 'VERIFICATION_DOCUMENT_KIND', 'selfie'],
      [
        'identityFront',
        'cut.png',
        'image/png',
        (await photo(70)).subarray(0, 60),
        'VERIFICATION_FILE_UNREADABLE',
        'identityFront',
      ],
      [
        'identityBack',
        'huge.png',
        'image/png',
        await overPixelCeiling(),
        'VERIFICATION_FILE_DIMENSIONS_TOO_LARGE',
        'identityBack',
      ],
    ];
    for (const [field, filename, type, bytes, code, named] of cases) {
      const response = await upload(client, field, filename, type, bytes);
      expect(response.statusCode, `${filename}: ${response.body}`).toBe(400);
      expectError(response, { code, field: named });
    }
    const tooLarge = await upload(
      client,
      'identityFront',
      'huge.pdf',
      'application/pdf',
      Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(DOCUMENT_MAX_BYTES + 10, 0x20)]),
    );
    expectError(tooLarge, {
      params: { maxMegabytes: 8 },
      message: 'The file must be at most 8 MB',
    });
    const tooManyPixels = await upload(
      client,
      'identityBack',
      'huge.png',
      'image/png',
      await overPixelCeiling(),
    );
    expectError(tooManyPixels, {
      params: { maxMegapixels: 40 },
      message: 'The image must be at most 40 megapixels',
    });
    expect(await storedFiles()).toEqual(before);
    expect(await documentRows(user.id)).toBe(0);
  });

  it('tells the user whether verification is required to activate their account, as the setting says (issue 39)', async () => {
    const { client } = await registerUser(t.app, { name: 'Optional' });
    const off = (await client.get('/api/verification')).json<MyVerification>();
    expect(off).toMatchObject({ required: false, standing: 'not_started' });
    await admin.put('/api/admin/settings/verification', { verificationRequired: true });
    try {
      expect((await client.get('/api/verification')).json<MyVerification>().required).toBe(true);
    } finally {
      await approvedBySecondAdmin(
        t,
        await admin.put('/api/admin/settings/verification', { verificationRequired: false }),
      );
    }
    expect((await client.get('/api/verification')).json<MyVerification>().required).toBe(false);
  });

  it('with verificationRequired on, the bare Activate is refused until the verification is approved', async () => {
    const { user } = await registerUser(t.app, { name: 'Strict' });
    const on = await admin.put('/api/admin/settings/verification', { verificationRequired: true });
    expect(on.json()).toEqual({ verificationRequired: true });
    try {
      const refused = await admin.post(`/api/admin/users/${user.id}/activate`);
      expect(refused.statusCode).toBe(409);
      expectError(refused, { code: 'VERIFICATION_REQUIRED' });
      expect(await isActive(user.id)).toBe(false);
    } finally {
      await approvedBySecondAdmin(
        t,
        await admin.put('/api/admin/settings/verification', { verificationRequired: false }),
      );
    }
    const bare = await admin.post(`/api/admin/users/${user.id}/activate`);
    expect(bare.statusCode).toBe(200);
    expect(await isActive(user.id)).toBe(true);
  });
});
