import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { banners } from '#server/db/schema.ts';
import { BANNER_SMALL_WIDTH } from '#shared/banner-images.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Banner } from '#shared/schemas.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

describe(`admin banners (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  const upload = async (
    fields: Record<string, string>,
    file: { body: Buffer; type: string } | undefined = undefined,
  ) => {
    const image = file ?? {
      body: await readFile(path.join(FILES, 'photo-exif-gps.jpg')),
      type: 'image/jpeg',
    };
    const body = await multipartBody(fields, { image });
    return t.inject({
      method: 'POST',
      url: '/api/admin/banners',
      headers: body.headers,
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
    const all = (await t.get('/api/admin/banners')).json().banners as Banner[];
    expect(all.map((b) => b.displayOrder)).toEqual([...all.map((b) => b.displayOrder)].sort((a, b) => a - b));
    const fileName = banner.imageUrl.split('/').pop() ?? '';
    expect(await storedFiles()).toContain(fileName);

    const res = await t.del(`/api/admin/banners/${banner.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(banners).where(eq(banners.id, banner.id))).toEqual([]);
    expect(await storedFiles()).not.toContain(fileName);
    expect((await t.app.inject({ method: 'GET', url: banner.imageUrl })).statusCode).toBe(404);
    const again = await t.del(`/api/admin/banners/${banner.id}`);
    expect(again.statusCode).toBe(404);
  });

  const fileName = (url: string) => url.split('/').pop() ?? '';
  const served = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    return sharp(res.rawPayload).metadata();
  };
  const publicBanners = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/banners' })).json() as Banner[];

  it('stores a 720 px wide WebP sibling of the same aspect, lists it publicly, and delete removes both files', async () => {
    const res = await upload(
      { showOnDesktop: 'true' },
      { body: await readFile(path.join(FILES, 'banner.webp')), type: 'image/webp' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const banner: Banner = res.json();
    const smallName = fileName(banner.imageUrl).replace(/\.webp$/, `-${BANNER_SMALL_WIDTH}w.webp`);
    expect(await storedFiles()).toEqual(expect.arrayContaining([fileName(banner.imageUrl), smallName]));

    // The 2400x1200 fixture: the banner preset fits it to 1920x960, the sibling to the same 2:1.
    expect(await served(banner.imageUrl)).toMatchObject({ format: 'webp', width: 1920, height: 960 });
    const listed = (await publicBanners()).find((b) => b.id === banner.id);
    expect(listed).toMatchObject({ ...banner, smallImageUrl: banner.imageUrl.replace(/[^/]+$/, smallName) });
    expect(await served(listed?.smallImageUrl ?? '')).toMatchObject({
      format: 'webp',
      width: BANNER_SMALL_WIDTH,
      height: BANNER_SMALL_WIDTH / 2,
    });

    const del = await t.del(`/api/admin/banners/${banner.id}`);
    expect(del.statusCode).toBe(204);
    const left = await storedFiles();
    expect(left).not.toContain(fileName(banner.imageUrl));
    expect(left).not.toContain(smallName);
    expect((await t.app.inject({ method: 'GET', url: listed?.smallImageUrl ?? '' })).statusCode).toBe(404);
  });

  it('never enlarges: an image narrower than the sibling width gets a sibling of its own size', async () => {
    const narrow = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const banner: Banner = (
      await upload({ showOnMobile: 'true' }, { body: narrow, type: 'image/png' })
    ).json();
    const listed = (await publicBanners()).find((b) => b.id === banner.id);
    expect(listed?.smallImageUrl).toBeDefined();
    expect(await served(listed?.smallImageUrl ?? '')).toMatchObject({ width: 400, height: 300 });
  });

  it('lists a banner stored without a sibling (before siblings existed) unchanged, and deletes it', async () => {
    const id = randomUUID();
    const key = `banners/banner_${id}_${Date.now()}.webp`;
    const body = await readFile(path.join(FILES, 'banner.webp'));
    await t.storage.put(key, body, { contentType: 'image/webp', visibility: 'public' });
    const [row] = await t.database.db
      .insert(banners)
      .values({
        id,
        title: 'Banner old',
        imageUrl: t.storage.publicUrl(key),
        imageKey: key,
        displayOrder: 99,
        isActive: true,
        showOnDesktop: true,
        showOnMobile: true,
      })
      .returning();
    const listed = (await publicBanners()).find((b) => b.id === id);
    expect(listed).toEqual({
      id,
      title: 'Banner old',
      imageUrl: row?.imageUrl,
      displayOrder: 99,
      isActive: true,
      showOnMobile: true,
      showOnDesktop: true,
    });
    const del = await t.del(`/api/admin/banners/${id}`);
    expect(del.statusCode).toBe(204);
    expect(await storedFiles()).not.toContain(fileName(key));
  });
});
