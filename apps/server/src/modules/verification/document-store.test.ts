import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentDir, newStorageName, readSealed, writeSealed } from './document-store';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nestrado-sealed-'));
});
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('sealed documents', () => {
  it('round-trips under the same key and name, and the file holds no plaintext', async () => {
    const key = crypto.randomBytes(32);
    const name = newStorageName();
    const plaintext = Buffer.from('%PDF-1.4 passport number X1234567');
    await writeSealed(dataDir, key, name, plaintext);
    const onDisk = await fs.readFile(path.join(documentDir(dataDir), name));
    expect(onDisk.includes(Buffer.from('X1234567'))).toBe(false);
    expect(await readSealed(dataDir, key, name)).toEqual(plaintext);
  });

  it('does not open with another key, under another name, or when tampered with', async () => {
    const key = crypto.randomBytes(32);
    const name = newStorageName();
    await writeSealed(dataDir, key, name, Buffer.from('secret document'));
    expect(await readSealed(dataDir, crypto.randomBytes(32), name)).toBeNull();
    const moved = newStorageName();
    await fs.copyFile(
      path.join(documentDir(dataDir), name),
      path.join(documentDir(dataDir), moved),
    );
    expect(await readSealed(dataDir, key, moved)).toBeNull();
    const file = path.join(documentDir(dataDir), name);
    const bytes = await fs.readFile(file);
    bytes.writeUInt8((bytes.at(-1) ?? 0) ^ 1, bytes.length - 1);
    await fs.writeFile(file, bytes);
    expect(await readSealed(dataDir, key, name)).toBeNull();
    expect(await readSealed(dataDir, key, '../secrets.key')).toBeNull();
  });
});
