import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createTestApp, registerUser, type TestApp, type TestClient } from './harness';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nestrado-uploads-'));
  t = await createTestApp({ dataDir });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----nestrado' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(client: TestClient, filename: string, contentType: string, bytes: Buffer) {
  const { body, contentType: header } = multipart(filename, contentType, bytes);
  return client.request('POST', '/api/profile/avatar', body, { 'content-type': header });
}

describe('profile', () => {
  it('updates phone and country, and says "No changes made" when nothing changed', async () => {
    const { client } = await registerUser(t.app);
    const same = await client.request('PATCH', '/api/profile', {
      phone: '+44 20 7946 0000',
      country: 'United Kingdom',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({ error: { message: 'No changes made' } });
    const changed = await client.request('PATCH', '/api/profile', {
      phone: '+49 30 000000',
      country: 'Germany',
    });
    expect(changed.json()).toMatchObject({ user: { phone: '+49 30 000000', country: 'Germany' } });
    const empty = await client.request('PATCH', '/api/profile', { phone: '', country: 'Germany' });
    expect(empty.json()).toMatchObject({
      error: { message: 'Phone number is required', field: 'phone' },
    });
  });

  it('accepts a PNG, re-encodes it as a small JPEG without metadata, and serves it', async () => {
    const { client } = await registerUser(t.app);
    const png = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#10b981' },
    })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'GPS-CANARY' } } })
      .toBuffer();
    const response = await upload(client, 'me.png', 'image/png', png);
    expect(response.statusCode).toBe(200);
    const avatarUrl = response.json<{ user: { avatarUrl: string } }>().user.avatarUrl;
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/[0-9a-f-]{36}\.jpg$/);
    const served = await t.app.inject({ url: avatarUrl });
    expect(served.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('GPS-CANARY')).toBe(false);
  });

  it('refuses a renamed executable and an SVG with the seed message, and changes nothing', async () => {
    const { client } = await registerUser(t.app);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0x90)]);
    const renamed = await upload(client, 'photo.png', 'image/png', exe);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'Please select an image', field: 'avatar' },
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const svgUpload = await upload(client, 'x.svg', 'image/svg+xml', svg);
    expect(svgUpload.statusCode).toBe(400);
    const svgRenamed = await upload(client, 'x.png', 'image/png', svg);
    expect(svgRenamed.statusCode).toBe(400);
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { avatarUrl: null } });
  });

  it('refuses a 3 MB image with "Image size must be less than 2MB"', async () => {
    const { client } = await registerUser(t.app);
    const big = await sharp({
      create: { width: 2000, height: 2000, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024 - 1);
    const response = await upload(client, 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { message: 'Image size must be less than 2MB', field: 'avatar' },
    });
  });
});
