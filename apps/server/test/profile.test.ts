import { describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import crypto from 'node:crypto';
import { avatarDir } from '../src/modules/users/avatar-files';
import { AVATAR_UPLOADS_PER_WINDOW } from '../src/modules/profile/profile.routes';
import { orphanAvatarSweepJob } from '../src/modules/profile/profile.service';
import {
  adminClient,
  expectRefused,
  multipartFile,
  registerUser,
  useTestAppOnOwnDataDir,
  type TestApp,
  type TestClient,
} from './harness';

let t: TestApp;
let dataDir: string;
useTestAppOnOwnDataDir('nestrado-uploads-', (made) => ({ t, dataDir } = made));

async function upload(client: TestClient, filename: string, contentType: string, bytes: Buffer) {
  const { body, contentType: header } = multipartFile('avatar', filename, contentType, bytes);
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
    // Stored in E.164, however it was typed.
    expect(changed.json()).toMatchObject({ user: { phone: '+4930000000', country: 'Germany' } });
    const letters = await client.request('PATCH', '/api/profile', {
      phone: '+49 30 CALLME',
      country: 'Germany',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json()).toMatchObject({
      error: { message: 'Phone number must not contain letters', field: 'phone' },
    });
    const empty = await client.request('PATCH', '/api/profile', { phone: '', country: 'Germany' });
    expect(empty.json()).toMatchObject({
      error: { message: 'Phone number is required', field: 'phone' },
    });
    // An over-long value names the length rule, not "required" (it once did).
    const long = await client.request('PATCH', '/api/profile', {
      phone: '+49 '.padEnd(40, '1'),
      country: 'Germany',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: { message: 'Phone number is too long', field: 'phone' },
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

  it('refuses a renamed executable, an SVG and a GIF as another format, and changes nothing', async () => {
    const { client } = await registerUser(t.app);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0x90)]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const gif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#123456' },
    })
      .gif()
      .toBuffer();
    for (const [name, type, bytes] of [
      ['photo.png', 'image/png', exe],
      ['x.svg', 'image/svg+xml', svg],
      ['x.png', 'image/png', svg],
      ['x.jpg', 'image/jpeg', gif],
    ] as const) {
      expectRefused(await upload(client, name, type, bytes), 400, {
        code: 'AVATAR_FORMAT_UNSUPPORTED',
        message: 'Please choose a .png, .jpg or .jpeg image',
        field: 'avatar',
      });
    }
    expect((await client.get('/api/auth/me')).json()).toMatchObject({ user: { avatarUrl: null } });
  });

  it('refuses a request without a file with the seed message', async () => {
    const { client } = await registerUser(t.app);
    const boundary = '----nestrado-empty';
    const response = await client.request(
      'POST',
      '/api/profile/avatar',
      Buffer.from(`--${boundary}--\r\n`),
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
    );
    expectRefused(response, 400, {
      code: 'AVATAR_REQUIRED',
      message: 'Please select an image',
      field: 'avatar',
    });
  });

  it('refuses a PNG or JPEG whose pixels do not decode as unreadable, and stores nothing', async () => {
    const { client } = await registerUser(t.app);
    const before = await avatarFiles();
    const png = await solidPng(64, 64);
    const jpeg = await sharp(png).jpeg().toBuffer();
    for (const [name, bytes] of [
      ['cut.png', png.subarray(0, 60)],
      ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2))],
    ] as const) {
      expectRefused(await upload(client, name, 'image/png', bytes), 400, {
        code: 'AVATAR_UNREADABLE',
        message: 'This image cannot be read; it may be damaged. Please choose another.',
        field: 'avatar',
      });
    }
    expect(await avatarFiles()).toEqual(before);
  });

  it('refuses a 3 MB image with "Image size must be less than 2MB"', async () => {
    const { client } = await registerUser(t.app);
    const big = await sharp({
      create: { width: 2000, height: 2000, channels: 3, background: '#123456' },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(3 * 1024 * 1024 - 1);
    expectRefused(await upload(client, 'big.png', 'image/png', big), 400, {
      code: 'AVATAR_TOO_LARGE',
      message: 'Image size must be less than 2MB',
      field: 'avatar',
    });
  });

  it('keeps exactly the file the user points at when uploads replace and race each other', async () => {
    const { client } = await registerUser(t.app);
    const first = await upload(client, 'a.png', 'image/png', await solidPng(64, 64));
    expect(first.statusCode).toBe(200);
    const racing = await Promise.all(
      [1, 2, 3, 4].map(async () => upload(client, 'b.png', 'image/png', await solidPng(64, 64))),
    );
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const me = (await client.get('/api/auth/me')).json<{ user: { id: string } }>().user;
    const current = await avatarNameOf(me.id);
    expect(current).not.toBeNull();
    // Of the five files written for this user, only the one the user points at is left.
    const mine = first.json<{ user: { avatarUrl: string } }>().user.avatarUrl.split('/').pop();
    const files = await avatarFiles();
    expect(files).toContain(current);
    expect(files).not.toContain(mine);
    for (const answer of racing) {
      const name = answer.json<{ user: { avatarUrl: string } }>().user.avatarUrl.split('/').pop();
      expect(files.includes(name ?? '')).toBe(name === current);
    }
    expect((await client.request('DELETE', '/api/profile/avatar')).statusCode).toBe(200);
    expect(await avatarFiles()).not.toContain(current);
  });

  it('refuses an image over 20 megapixels with its own code naming the limit, and stores nothing', async () => {
    const { client } = await registerUser(t.app);
    const before = await avatarFiles();
    const tooLarge = {
      error: {
        code: 'AVATAR_DIMENSIONS_TOO_LARGE',
        params: { maxMegapixels: 20 },
        message: 'The image must be at most 20 megapixels',
        field: 'avatar',
      },
    };
    // 20,005,000 pixels, and the review's 36-megapixel photo: a few kilobytes of PNG each.
    for (const [width, height] of [
      [5000, 4001],
      [7360, 4912],
    ] as const) {
      const huge = await solidPng(width, height);
      expect(huge.length).toBeLessThan(2 * 1024 * 1024);
      const response = await upload(client, 'huge.png', 'image/png', huge);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(tooLarge);
    }
    expect(await avatarFiles()).toEqual(before);
    const fits = await upload(client, 'fits.png', 'image/png', await solidPng(5000, 4000));
    expect(fits.statusCode).toBe(200);
  });

  it('limits avatar uploads per account: the 11th in ten minutes is refused with 429', async () => {
    const { client } = await registerUser(t.app);
    const { client: other } = await registerUser(t.app);
    const png = await solidPng(16, 16);
    for (let i = 0; i < AVATAR_UPLOADS_PER_WINDOW; i += 1) {
      expect((await upload(client, 'a.png', 'image/png', png)).statusCode).toBe(200);
    }
    const refused = await upload(client, 'a.png', 'image/png', png);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    // Another account is not held back by this one.
    expect((await upload(other, 'a.png', 'image/png', png)).statusCode).toBe(200);
  });

  it("removes a deleted user's avatar file", async () => {
    const { client } = await registerUser(t.app);
    const uploaded = await upload(client, 'a.png', 'image/png', await solidPng(32, 32));
    const name = uploaded.json<{ user: { avatarUrl: string } }>().user.avatarUrl.split('/').pop();
    expect(await avatarFiles()).toContain(name);
    const me = (await client.get('/api/auth/me')).json<{ user: { id: string } }>().user;
    const admin = await adminClient(t);
    const deleted = await admin.request('DELETE', `/api/admin/users/${me.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(await avatarFiles()).not.toContain(name);
  });

  it('sweeps avatar files no user points at once they are an hour old', async () => {
    const { client } = await registerUser(t.app);
    const kept = await upload(client, 'a.png', 'image/png', await solidPng(32, 32));
    const keptName = kept.json<{ user: { avatarUrl: string } }>().user.avatarUrl.split('/').pop();
    const dir = avatarDir(dataDir);
    const oldOrphan = `${crypto.randomUUID()}.jpg`;
    const youngOrphan = `${crypto.randomUUID()}.jpg`;
    await fs.writeFile(path.join(dir, oldOrphan), 'x');
    await fs.writeFile(path.join(dir, youngOrphan), 'x');
    const now = new Date();
    const twoHoursAgo = new Date(now.getTime() - 2 * 3600_000);
    await fs.utimes(path.join(dir, oldOrphan), twoHoursAgo, twoHoursAgo);
    await fs.utimes(path.join(dir, keptName ?? ''), twoHoursAgo, twoHoursAgo);
    await orphanAvatarSweepJob(t.ctx).run(now);
    const files = await avatarFiles();
    expect(files).not.toContain(oldOrphan);
    expect(files).toContain(youngOrphan);
    expect(files).toContain(keptName);
    await fs.rm(path.join(dir, youngOrphan));
  });
});

function solidPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
}

async function avatarFiles(): Promise<string[]> {
  return (await fs.readdir(avatarDir(dataDir)).catch(() => [] as string[])).sort();
}

async function avatarNameOf(userId: string): Promise<string | null> {
  const { rows } = await t.pool.query<{ avatar_path: string | null }>(
    'SELECT avatar_path FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.avatar_path ?? null;
}
