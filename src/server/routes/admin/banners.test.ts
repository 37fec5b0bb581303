import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '#server/db/schema.ts';
import { MSG } from '#shared/messages.ts';
import type { Banner } from '#shared/schemas.ts';
import { signInAsAdmin } from '../../../../tests/setup/admin-session.ts';
import { multipartBody } from '../../../../tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { testDatabaseKind } from '../../../../tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

describe(`admin banners (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    ({ cookie } = await signInAsAdmin(t.app));
  });
  afterAll(() => t.close());

  const upload = async (
    fields: Record<string, string>,
    file: { body: Buffer; type: string } | undefined = undefined,
  ) => {
    const image = file ?? {
      body: await readFile(path.join(FILES, 'photo-exif-gps.jpg')),
      type: 'image/jpeg',
    };
    const body = await multipartBody(fields, { image });
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/banners',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  const storedFiles = async () => {
    const dir = path.join(t.config.uploadsDir, 'public', 'banners');
    return readdir(dir).catch(() => [] as string[]);
  };
  const rowCount = async () => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(banners);
    return row?.n ?? 0;
  };

  it("adds 'Banner N' at display order N (count plus one), re-encoded and public", async () => {
    const before = await rowCount();
    const res = await upload({ showOnDesktop: 'true', showOnMobile: 'false' });
    expect(res.statusCode, res.body).toBe(201);
    const banner: Banner = res.json();
    expect(banner).toMatchObject({
      title: `Banner ${before + 1}`,
      displayOrder: before + 1,
      isActive: true,
      showOnDesktop: true,
      showOnMobile: false,
    });
    const served = await t.app.inject({ method: 'GET', url: banner.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/banners' })).json() as Banner[];
    expect(listed.map((b) => b.id)).toContain(banner.id);
    const second: Banner = (await upload({ showOnMobile: 'true' })).json();
    expect(second.title).toBe(`Banner ${before + 2}`);
  });

  it('refuses an upload for neither desktop nor mobile, a fake image and an oversized file; stores nothing', async () => {
    const rows = await rowCount();
    const files = await storedFiles();
    const neither = await upload({ showOnDesktop: 'false', showOnMobile: 'false' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().error.message).toBe(MSG.bannerPlacement);
    const fake = await upload(
      { showOnDesktop: 'true' },
      { body: await readFile(path.join(FILES, 'not-an-image.jpg')), type: 'image/jpeg' },
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(MSG.imageType);
    const big = await upload(
      { showOnDesktop: 'true' },
      { body: Buffer.alloc(11 * 1024 * 1024, 1), type: 'image/jpeg' },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(MSG.imageSize);
    expect(await rowCount()).toBe(rows);
    expect(await storedFiles()).toEqual(files);
  });

  it('lists every banner in display order, and delete removes the row and the stored file', async () => {
    const banner: Banner = (await upload({ showOnDesktop: 'true', showOnMobile: 'true' })).json();
    const all = (await t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: { cookie } })).json()
      .banners as Banner[];
    expect(all.map((b) => b.displayOrder)).toEqual([...all.map((b) => b.displayOrder)].sort((a, b) => a - b));
    const fileName = banner.imageUrl.split('/').pop() ?? '';
    expect(await storedFiles()).toContain(fileName);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/banners/${banner.id}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(banners).where(eq(banners.id, banner.id))).toEqual([]);
    expect(await storedFiles()).not.toContain(fileName);
    expect((await t.app.inject({ method: 'GET', url: banner.imageUrl })).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/banners/${banner.id}`,
      headers: { cookie },
    });
    expect(again.statusCode).toBe(404);
  });
});
