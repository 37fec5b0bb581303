import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { BoardingManifest, TripOnBoard } from '#shared/boarding.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { CounterSale } from '#shared/counter.ts';
import type { Location } from '#shared/schemas.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { json } from './support/booking-api.ts';
import { approvedPassenger, attachDeviceLogs, cameraBrowser, device } from './support/camera.ts';
import { todaysDeparture } from './support/departures.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible } from './support/ui.ts';

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
test.afterEach(async ({}, testInfo) => attachDeviceLogs(testInfo));

// The crew's boarding screen (docs/decisions/024-offline-boarding.md): a real camera scan of a
// signed e-ticket, boarding with no signal and syncing after, two devices boarding one ticket,
// a forged code refused, and closing boarding with the final manifest's counts.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/boarding-shots');

const shot = async (page: Page, name: string, testInfo: TestInfo) => {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${testInfo.project.name}.png`), fullPage: true });
};

/** How many records one of this device's boarding stores holds in IndexedDB. */
const storedCount = (page: Page, store: 'manifests' | 'queue') =>
  page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('boarding');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction(name).objectStore(name).count();
          count.onerror = () => reject(count.error);
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
        };
      }),
    store,
  );
/** How many departures this device keeps. */
const keptManifests = (page: Page) => storedCount(page, 'manifests');
/** How many boardings this device has not sent yet. */
const queuedBoardings = (page: Page) => storedCount(page, 'queue');

const result = (page: Page) => page.getByTestId('scan-result');
const badge = (page: Page) => page.getByTestId('sync-badge');

/**
 * An amber result asks its question once, on its only boarding button: "Checked ID? Board n".
 * Until it is tapped nobody boards.
 */
async function boardAnyway(page: Page, persons = 1) {
  const before = await badge(page).textContent();
  const board = result(page).getByRole('button', { name: /Board/ });
  await expect(board).toHaveCount(1);
  await expect(board).toHaveText(`Checked ID? Board ${persons}`);
  await expect(badge(page)).toHaveText(before ?? '');
  expect(await queuedBoardings(page)).toBe(0);
  await board.click();
}

test.describe('boarding at the jetty', () => {
  test.beforeEach(async ({ page }) => {
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
  });

  test('a real camera scan shows green in time and boards with one tap; the screen passes axe', async ({
    page,
  }, testInfo) => {
    test.slow();
    const departure = await todaysDeparture(page.request, 4);
    const passenger = await approvedPassenger(page.request, departure, '1');
    const browser = await cameraBrowser(passenger.code, 'valid');
    try {
      const { page: crew } = await device(browser, testInfo);
      // The buzz that confirms a boarding: navigator.vibrate, recorded.
      await crew.addInitScript(() => {
        const calls: unknown[] = [];
        Object.defineProperty(window, 'vibrations', { value: calls });
        Object.defineProperty(navigator, 'vibrate', {
          configurable: true,
          value: (pattern: unknown) => calls.push(pattern) > 0,
        });
      });
      const vibrations = () =>
        crew.evaluate(() => (window as unknown as { vibrations: unknown[] }).vibrations);
      await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
      await expect(crew.getByRole('heading', { name: 'Scan an e-ticket' })).toBeVisible();
      await expect(badge(crew)).toHaveText('online · 0 waiting');
      await expectAccessible(crew, 'boarding');
      // A cheap phone: the CPU four times slower while the code is read and judged.
      const cdp = await crew.context().newCDPSession(crew);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await crew.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(result(crew)).toHaveAttribute('data-colour', 'green', { timeout: 20_000 });
      await expect(result(crew).getByText(passenger.name)).toBeVisible();
      await expect(result(crew).getByText('Seats 1')).toBeVisible();
      const took = await crew.evaluate(() =>
        performance.getEntriesByName('scan-to-result').map((m) => Math.round(m.duration)),
      );
      testInfo.annotations.push({ type: 'scan-to-result ms (4x CPU)', description: took.join(', ') });
      console.log(
        `[boarding] scan to result, 4x CPU throttling, ${testInfo.project.name}: ${took.join(', ')} ms`,
      );
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await shot(crew, 'scan-green', testInfo);
      const buzzed = (await vibrations()).length;
      await crew.getByRole('button', { name: 'Board 1 person' }).click();
      await expect(result(crew).getByText('1 person boarded')).toBeVisible();
      // One short buzz confirms the boarding.
      await expect.poll(async () => (await vibrations()).slice(buzzed)).toContainEqual(90);
      await expect(badge(crew)).toHaveText('online · 0 waiting');
      const manifest = await json<BoardingManifest>(
        await page.request.get(`/api/admin/boarding/${departure.schedule.id}/manifest`),
      );
      expect(manifest.passengers.find((p) => p.ticketId === passenger.ticketId)?.boarded).toBe(1);
      // The same code again: amber, already on board, and no button to board twice.
      await crew.getByRole('button', { name: 'Stop the camera' }).click();
      await crew.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(result(crew)).toHaveAttribute('data-colour', 'amber');
      await expect(result(crew).getByText(/Already on board since/)).toBeVisible();
      await expect(result(crew).getByRole('button', { name: /Board/ })).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });

  test('a forged code is refused red, with no way to board', async ({ page }, testInfo) => {
    test.slow();
    const departure = await todaysDeparture(page.request, 4);
    const passenger = await approvedPassenger(page.request, departure, '2');
    // The payload altered (another seat), the signature kept: the signature no longer holds.
    const [prefix, payload = '', signature] = passenger.code.split('.');
    const last = payload.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${prefix}.${payload.slice(0, -1)}${last}.${signature}`;
    const browser = await cameraBrowser(forged, 'forged');
    try {
      const { page: crew } = await device(browser, testInfo);
      await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
      await crew.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(result(crew)).toHaveAttribute('data-colour', 'red', { timeout: 20_000 });
      await expect(result(crew).getByText('Do not board')).toBeVisible();
      await expect(result(crew).getByText('Not a valid e-ticket of this operator.')).toBeVisible();
      await expect(result(crew).getByRole('button', { name: /Board/ })).toHaveCount(0);
      await shot(crew, 'scan-red', testInfo);
    } finally {
      await browser.close();
    }
  });

  test('the code of a booking the office deleted scans red on its departure, not "check ID"', async ({
    page,
  }, testInfo) => {
    test.slow();
    const departure = await todaysDeparture(page.request, 4);
    const passenger = await approvedPassenger(page.request, departure, '3');
    const deleted = await page.request.delete(`/api/admin/tickets/${passenger.ticketId}`);
    expect(deleted.status()).toBe(204);
    const browser = await cameraBrowser(passenger.code, 'deleted');
    try {
      const { page: crew } = await device(browser, testInfo);
      await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
      await crew.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(result(crew)).toHaveAttribute('data-colour', 'red', { timeout: 20_000 });
      await expect(result(crew).getByText('This booking was deleted by the office.')).toBeVisible();
      await expect(result(crew).getByRole('button', { name: /Board/ })).toHaveCount(0);
      await shot(crew, 'scan-red-deleted', testInfo);
    } finally {
      await browser.close();
    }
  });

  test('two devices board one ticket offline; after syncing it counts once and the second sees the conflict; then boarding closes with the final manifest, and the last stop closed reopens', async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    const departure = await todaysDeparture(page.request, 4);
    const first = await approvedPassenger(page.request, departure, '1');
    const second = await approvedPassenger(page.request, departure, '2');
    const a = await device(browser, testInfo);
    const b = await device(browser, testInfo);
    try {
      for (const { page: crew } of [a, b]) {
        await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
        await expect(crew.getByRole('heading', { name: /Boarding here: 0 of 2/ })).toBeVisible();
      }
      // The signal goes on both: the kept manifest still finds the passenger.
      await a.context.setOffline(true);
      await b.context.setOffline(true);
      for (const { page: crew } of [a, b]) {
        await expect(badge(crew)).toHaveText('offline · 0 waiting');
        await crew.getByLabel('Or type the booking reference or a name').fill(first.reference);
        await crew.getByRole('button', { name: 'Find' }).click();
        // Found by reference only: amber, boarded with one deliberate tap on its question.
        await expect(result(crew)).toHaveAttribute('data-colour', 'amber');
        await expect(
          result(crew).getByText('Found by its reference only. Check ID before boarding.'),
        ).toBeVisible();
        if (crew === a.page) await shot(crew, 'amber-confirm', testInfo);
        await boardAnyway(crew);
        await expect(badge(crew)).toHaveText('offline · 1 waiting');
      }
      await shot(a.page, 'offline-waiting', testInfo);
      // The office watches the departure in Ticketing: nobody on board yet.
      await page.goto(`/admin/ticketing?trip=${departure.schedule.id}`);
      const office = page.getByTestId('trip-on-board');
      await expect(office).toContainText('Malé → Airport0 (0 passengers, 0 crew)');
      // A reloads nothing and loses nothing: A comes back first and wins.
      await a.context.setOffline(false);
      await expect(badge(a.page)).toHaveText('online · 0 waiting');
      await b.context.setOffline(false);
      await expect(badge(b.page)).toHaveText('online · 0 waiting');
      await expect(
        b.page.getByText(/already boarded on another device at \d\d:\d\d\. Counted once\./),
      ).toBeVisible();
      // The boarding reached the office over the live events, with no reload.
      await expect(office).toContainText('Malé → Airport1 (1 passenger, 0 crew)');
      await shot(page, 'ticketing-on-board', testInfo);
      await shot(b.page, 'conflict', testInfo);
      const manifest = await json<BoardingManifest>(
        await page.request.get(`/api/admin/boarding/${departure.schedule.id}/manifest`),
      );
      expect(manifest.passengers.find((p) => p.ticketId === first.ticketId)?.boarded).toBe(1);

      // Close boarding at Malé with 2 crew: the second passenger never came.
      const crew = a.page;
      await crew.reload();
      await expect(crew.getByRole('heading', { name: /Boarding here: 1 of 2/ })).toBeVisible();
      await crew.getByRole('button', { name: 'Close boarding at Malé and depart' }).click();
      const dialog = crew.getByRole('alertdialog', { name: 'Close boarding at Malé?' });
      await dialog.getByRole('button', { name: 'Close and depart' }).click();
      await expect(dialog.getByText('Enter the number of crew aboard (0 to 99)')).toBeVisible();
      await dialog.getByLabel('Crew aboard').fill('2');
      await dialog.getByRole('button', { name: 'Close and depart' }).click();
      // The screen moves on to Airport, the last boarding stop; Malé says who closed it and when.
      await expect(crew.getByLabel('Your stop')).toHaveValue('1');
      await expect(crew.getByTestId('persons-on-board')).toContainText(
        'Malé → Airport3 (1 passenger, 2 crew)',
      );
      await crew.getByLabel('Your stop').selectOption('0');
      await expect(
        crew.getByText(/Boarding at Malé closed at \d\d:\d\d by .*: 1 no-show, 1 passenger aboard\./),
      ).toBeVisible();
      await expect(crew.getByRole('button', { name: /Close boarding at Malé/ })).toHaveCount(0);
      await crew.getByLabel('Your stop').selectOption('1');
      await crew.getByRole('button', { name: 'Close boarding at Airport and depart' }).click();
      await crew
        .getByRole('alertdialog', { name: 'Close boarding at Airport?' })
        .getByRole('button', { name: 'Close and depart' })
        .click();
      await expect(crew.getByRole('heading', { name: 'Final manifest' })).toBeVisible();
      await shot(crew, 'final-manifest', testInfo);
      // Printed: the manifest alone, with the counts per leg and each stop's closing.
      await crew.emulateMedia({ media: 'print' });
      await expect(crew.getByRole('heading', { name: /^Manifest · / })).toBeVisible();
      await expect(crew.getByTestId('printed-on-board')).toContainText(
        'Malé → Airport3 (1 passenger, 2 crew)',
      );
      await expect(
        crew.getByText(/^Malé: departed \d\d:\d\d, closed by .*; 1 no-shows, 0 counted off, 2 crew$/),
      ).toBeVisible();
      await expect(crew.getByRole('button', { name: 'Scan with the camera' })).toBeHidden();
      await shot(crew, 'final-manifest-print', testInfo);
      await crew.emulateMedia({ media: 'screen' });
      const csv = await (
        await crew.request.get(`/api/admin/boarding/${departure.schedule.id}/final-manifest.csv`)
      ).text();
      expect(csv).toContain(`${first.reference},`);
      expect(csv).toMatch(new RegExp(`${second.reference},.*,No-show`));
      expect(csv).toContain('Malé → Airport,1,2,3');
      expect(csv).toContain('Airport → Maafushi,1,2,3');

      // Closed too early: the last stop closed reopens, saying why (Malé not before Airport).
      await crew.getByLabel('Your stop').selectOption('0');
      await expect(crew.getByText(/Boarding at Malé closed at/)).toBeVisible();
      await expect(crew.getByRole('button', { name: /Reopen boarding/ })).toHaveCount(0);
      await crew.getByLabel('Your stop').selectOption('1');
      await shot(crew, 'closed-stop', testInfo);
      await crew.getByRole('button', { name: 'Reopen boarding at Airport' }).click();
      const reopen = crew.getByRole('dialog', { name: 'Reopen boarding at Airport?' });
      await expect(reopen.getByLabel('Reason')).toBeFocused();
      await reopen.getByRole('button', { name: 'Reopen boarding' }).click();
      await expect(reopen.getByText('Say why boarding is reopened')).toBeVisible();
      await expect(reopen.getByLabel('Reason')).toBeFocused();
      await reopen.getByLabel('Reason').fill('Closed before the last launch came in');
      await shot(crew, 'reopen-dialog', testInfo);
      await reopen.getByRole('button', { name: 'Reopen boarding' }).click();
      await expect(crew.getByRole('button', { name: 'Close boarding at Airport and depart' })).toBeFocused();
      await expect(crew.getByRole('heading', { name: 'Final manifest' })).toHaveCount(0);

      // Signing out wipes the passengers this device kept.
      expect(await keptManifests(b.page)).toBeGreaterThan(0);
      await b.page.getByRole('button', { name: `User menu: ${DEMO_ADMIN.username}` }).click();
      await b.page.getByRole('menu').getByRole('menuitem', { name: 'Logout' }).click();
      await expect(b.page).toHaveURL(/\/admin\/login$/);
      await expect.poll(() => keptManifests(b.page)).toBe(0);
    } finally {
      await a.context.close();
      await b.context.close();
    }
  });
});

test.describe('boarding with no signal from the start', () => {
  // With no network every request fails, and Chromium logs each: expected here.
  test.use({ serviceWorkers: 'allow', allowedErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('after a staff sign-in, the boarding screen reloads offline from what this device kept, opens on the departure it boarded last, and boards; left open past the expiry, it stops showing the passengers', async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    const passenger = await approvedPassenger(page.request, departure, '3');
    const { departsAt } = await json<BoardingManifest>(
      await page.request.get(`/api/admin/boarding/${departure.schedule.id}/manifest`),
    );
    await page.goto(`/admin/boarding?trip=${departure.schedule.id}`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    await expect(page.getByRole('heading', { name: /Boarding here: 0 of 1/ })).toBeVisible();
    // The screen keeps its code once the staff member has signed in: wait until it is kept.
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('staff')).keys()).length))
      .toBeGreaterThan(3);

    // From the reload on, the page's clock runs as usual until the test moves it on to the
    // copy's expiry (installed after the files are kept: it stands in for the page's timings).
    await page.clock.install();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Boarding' })).toBeVisible();
    await expect(badge(page)).toHaveText('offline · 0 waiting');
    // Opened again with no departure asked for: the one this device boarded last, still today's.
    await page.goto('/admin/boarding');
    await expect(page.getByLabel('Departure')).toHaveValue(departure.schedule.id);
    await expect(page.getByLabel('Your stop')).toHaveValue('0');
    await expect(badge(page)).toHaveText('offline · 0 waiting');
    await page.getByLabel('Or type the booking reference or a name').fill(passenger.reference);
    await page.getByRole('button', { name: 'Find' }).click();
    await boardAnyway(page);
    await expect(badge(page)).toHaveText('offline · 1 waiting');
    await shot(page, 'offline-reload', testInfo);

    // The screen left open: a minute before the copy's 24 hours are up it still boards; ten
    // minutes after, the passengers are gone from the screen and the device, the boarding stays.
    const expiry = Date.parse(departsAt) + 24 * 3_600_000;
    await page.clock.fastForward(expiry - 60_000 - (await page.evaluate(() => Date.now())));
    await expect(page.getByRole('heading', { name: /Boarding here: 1 of 1/ })).toBeVisible();
    await page.clock.fastForward('10:00');
    await expect(page.getByRole('heading', { name: /Boarding here/ })).toHaveCount(0);
    await expect(page.getByText(passenger.name)).toHaveCount(0);
    await expect(
      page.getByText('This departure’s passenger list was removed from this device'),
    ).toBeVisible();
    expect(await keptManifests(page)).toBe(0);
    expect(await queuedBoardings(page)).toBe(1);
    await shot(page, 'expired', testInfo);

    await context.setOffline(false);
    await expect.poll(() => queuedBoardings(page)).toBe(0);
    const manifest = await json<BoardingManifest>(
      await page.request.get(`/api/admin/boarding/${departure.schedule.id}/manifest`),
    );
    expect(manifest.passengers.find((p) => p.ticketId === passenger.ticketId)?.boarded).toBe(1);
  });

  test('the camera scans with no signal after an offline reload: the QR reader was kept when the screen opened online', async ({
    page,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    const passenger = await approvedPassenger(page.request, departure, '4');
    const browser = await cameraBrowser(passenger.code, 'offline-camera');
    try {
      const { context, page: crew } = await device(browser, testInfo, { serviceWorkers: 'allow' });
      await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
      await crew.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 20_000,
      });
      await expect(crew.getByRole('heading', { name: /Boarding here: 0 of 1/ })).toBeVisible();
      // The camera was never started online, yet the QR reader's WebAssembly is kept.
      await expect
        .poll(() =>
          crew.evaluate(async () =>
            (await (await caches.open('staff')).keys()).some((r) => r.url.endsWith('.wasm')),
          ),
        )
        .toBe(true);

      await context.setOffline(true);
      await crew.reload();
      await expect(badge(crew)).toHaveText('offline · 0 waiting');
      await crew.getByRole('button', { name: 'Scan with the camera' }).click();
      await expect(result(crew)).toHaveAttribute('data-colour', 'green', { timeout: 20_000 });
      await expect(result(crew).getByText(passenger.name)).toBeVisible();
      await crew.getByRole('button', { name: 'Board 1 person' }).click();
      await expect(badge(crew)).toHaveText('offline · 1 waiting');
      await shot(crew, 'offline-camera', testInfo);
      await context.setOffline(false);
      await expect(badge(crew)).toHaveText('online · 0 waiting');
    } finally {
      await browser.close();
    }
  });
});

test.describe('a session that ends on a boarding device', () => {
  // The ended session's requests answer 401, and the sync held back below fails: both expected.
  test.use({
    allowedErrors: [
      [failedResponse(401, 'Unauthorized', '/api/admin/.*'), /net::ERR_INTERNET_DISCONNECTED/, /EventSource/],
      { scope: 'test' },
    ],
  });

  test('a 401 from any admin request wipes the passengers this device kept; its unsent boarding stays and goes at the next sign-in', async ({
    page,
    context,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    const passenger = await approvedPassenger(page.request, departure, '1');
    await page.goto(`/admin/boarding?trip=${departure.schedule.id}`);
    await expect(page.getByRole('heading', { name: /Boarding here: 0 of 1/ })).toBeVisible();
    // The signal cannot reach the server for the sync: the boarding waits on the device.
    await page.route('**/api/admin/boarding/sync', (route) => route.abort('internetdisconnected'));
    await page.getByLabel('Or type the booking reference or a name').fill(passenger.reference);
    await page.getByRole('button', { name: 'Find' }).click();
    await boardAnyway(page);
    await expect(badge(page)).toHaveText('online · 1 waiting');
    expect(await keptManifests(page)).toBe(1);

    // The session ends (its cookie gone, as when it expires); the next admin request, closing
    // boarding here, answers 401. Another test's boarding can make this screen refresh first:
    // that request meets the same 401 and ends the same way, with the dialog gone.
    await page.getByRole('button', { name: 'Close boarding at Malé and depart' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Close boarding at Malé?' });
    await dialog.getByLabel('Crew aboard').fill('2');
    await context.clearCookies();
    await dialog
      .getByRole('button', { name: 'Close and depart' })
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expect(page).toHaveURL(/\/admin\/login/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();
    await expect.poll(() => keptManifests(page)).toBe(0);
    expect(await queuedBoardings(page)).toBe(1);
    await shot(page, 'wiped-login', testInfo);

    // The next sign-in sends what waited.
    await page.unroute('**/api/admin/boarding/sync');
    await page.getByLabel('Email').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => queuedBoardings(page)).toBe(0);
    const manifest = await json<BoardingManifest>(
      await page.request.get(`/api/admin/boarding/${departure.schedule.id}/manifest`),
    );
    expect(manifest.passengers.find((p) => p.ticketId === passenger.ticketId)?.boarded).toBe(1);
  });
});

test.describe('a counter sale at boarding', () => {
  // Counter screens are made for a tablet: a touch tablet on the desktop project (as the counter's
  // own spec), the phone on the phone one.
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern.
    viewport: async ({}, use, testInfo) =>
      use(
        testInfo.project.name.startsWith('phone')
          ? { width: 390, height: 844 }
          : { width: 800, height: 1280 },
      ),
    hasTouch: true,
  });

  test('a counter ticket scans green and boards, counts on board, and once voided its old code scans red', async ({
    page,
    playwright,
    baseURL,
    viewport,
    hasTouch,
    isMobile,
  }, testInfo) => {
    const sized = { viewport, hasTouch, isMobile };
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    const locations = await json<Location[]>(await page.request.get('/api/locations'));
    const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
    // A seller of their own: their shift is theirs alone.
    const seller = await newStaff(playwright, page.request, baseURL, 'counter');
    try {
      await json(
        await seller.api.post('/api/admin/counter/shift', { data: { floats: { MVR: '0', USD: '0' } } }),
      );
      const sell = (seat: string, name: string) =>
        seller.api.post('/api/admin/counter/sales', {
          data: {
            scheduleId: departure.schedule.id,
            travelDate: departure.schedule.travelDate,
            launchId: departure.launch.id,
            originId: id('Malé'),
            destinationId: id('Maafushi'),
            seats: [seat],
            tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
            passenger: { name, nationality: 'Maldivian' },
            language: 'en',
            currency: 'MVR',
            payment: { method: 'card' },
            saleId: crypto.randomUUID(),
          },
        });
      const sale = await json<CounterSale>(await sell('1', 'Hassan Counter'));
      const voided = await json<CounterSale>(await sell('2', 'Aminath Voided'));
      const oldCode = voided.eTicket.code ?? '';
      await json(
        await seller.api.post(`/api/admin/counter/sales/${voided.ticketId}/void`, {
          data: { reason: 'Sold on the wrong departure' },
        }),
      );

      const browser = await cameraBrowser(sale.eTicket.code ?? '', 'counter');
      try {
        const { page: crew } = await device(browser, testInfo, sized);
        await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
        await crew.getByRole('button', { name: 'Scan with the camera' }).click();
        await expect(result(crew)).toHaveAttribute('data-colour', 'green', { timeout: 20_000 });
        await expect(result(crew).getByText('Hassan Counter')).toBeVisible();
        await crew.getByRole('button', { name: 'Board 1 person' }).click();
        await expect(result(crew).getByText('1 person boarded')).toBeVisible();
        await shot(crew, 'counter-scan-green', testInfo);
      } finally {
        await browser.close();
      }
      await expect
        .poll(async () => {
          const onBoard = await json<TripOnBoard>(
            await page.request.get(`/api/admin/trips/${departure.schedule.id}/on-board`),
          );
          return onBoard.legs[0]?.passengers;
        })
        .toBe(1);

      const revoked = await cameraBrowser(oldCode, 'counter-voided');
      try {
        const { page: crew } = await device(revoked, testInfo, sized);
        await crew.goto(`/admin/boarding?trip=${departure.schedule.id}`);
        await crew.getByRole('button', { name: 'Scan with the camera' }).click();
        await expect(result(crew)).toHaveAttribute('data-colour', 'red', { timeout: 20_000 });
        await expect(result(crew).getByText('This counter sale was voided.')).toBeVisible();
        await expect(result(crew).getByRole('button', { name: /Board/ })).toHaveCount(0);
      } finally {
        await revoked.close();
      }
    } finally {
      await seller.api.dispose();
    }
  });
});

test.describe('the crew’s own departure, stop and passengers', () => {
  // With the signal gone, the page's requests fail and Chromium logs each: expected here.
  test.use({ allowedErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

  test('the screen reopens on the departure and stop this device boarded at, and proposes the stop due next once that one closes', async ({
    page,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    await approvedPassenger(page.request, departure, '1');
    const stop = page.getByLabel('Your stop');
    const trip = page.getByLabel('Departure');

    // Nothing kept yet: the crew choose; Malé, the first stop, is due.
    await page.goto('/admin/boarding');
    await trip.selectOption(departure.schedule.id);
    await expect(stop).toHaveValue('0');
    await expect(stop.locator('option:checked')).toHaveText('Malé · 23:57 · due next');
    // The crew stand at Airport.
    await stop.selectOption('1');
    await expect(page.getByRole('heading', { name: /Boarding here: 0 of 0/ })).toBeVisible();

    // Put away and opened again: the same departure and stop.
    await page.goto('/admin/boarding');
    await expect(trip).toHaveValue(departure.schedule.id);
    await expect(stop).toHaveValue('1');
    await expect(page).toHaveURL(/\/admin\/boarding$/);

    // Back at Malé, which then closes (from another device): the screen proposes Airport.
    await stop.selectOption('0');
    await expect(page.getByRole('heading', { name: /Boarding here: 0 of 1/ })).toBeVisible();
    await json(
      await page.request.post(`/api/admin/boarding/${departure.schedule.id}/stops/0/close`, {
        data: { crew: 2 },
      }),
    );
    await page.reload();
    await expect(stop).toHaveValue('0');
    await expect(page.getByText('Boarding has closed here. Due next: Airport at 23:58.')).toBeVisible();
    await expectAccessible(page, 'boarding due next');
    await shot(page, 'due-next', testInfo);
    await page.getByRole('button', { name: 'Board at Airport' }).click();
    await expect(stop).toHaveValue('1');
    await expect(stop.locator('option:checked')).toHaveText('Airport · 23:58 · due next');

    // Opened afresh with Malé kept but closed: the stop due next, Airport.
    await stop.selectOption('0');
    await page.goto('/admin/boarding');
    await expect(trip).toHaveValue(departure.schedule.id);
    await expect(stop).toHaveValue('1');
    await expect(page.getByText(/Boarding has closed here/)).toHaveCount(0);

    // Once boarding has closed everywhere, the screen opens on the list of departures again.
    await json(
      await page.request.post(`/api/admin/boarding/${departure.schedule.id}/stops/1/close`, { data: {} }),
    );
    await page.goto('/admin/boarding');
    await expect(trip).toHaveValue('');
    await expect(page.getByRole('heading', { name: /Boarding here/ })).toHaveCount(0);
  });

  test('where a seat changes hands at a stop, the crew see who gets off there and which seats are free from there, with no signal too', async ({
    page,
    context,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    const scheduleId = departure.schedule.id;
    const locations = await json<Location[]>(await page.request.get('/api/locations'));
    const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
    const seller = await newStaff(playwright, page.request, baseURL, 'counter');
    try {
      await json(
        await seller.api.post('/api/admin/counter/shift', { data: { floats: { MVR: '0', USD: '0' } } }),
      );
      // Seat 1 is sold per leg (docs/decisions/032): to Aminath as far as Airport, to Badru from there.
      const sell = (seat: string, name: string, from: string, to: string) =>
        seller.api.post('/api/admin/counter/sales', {
          data: {
            scheduleId,
            travelDate: departure.schedule.travelDate,
            launchId: departure.launch.id,
            originId: id(from),
            destinationId: id(to),
            seats: [seat],
            tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
            passenger: { name, nationality: 'Maldivian' },
            language: 'en',
            currency: 'MVR',
            payment: { method: 'card' },
            saleId: crypto.randomUUID(),
          },
        });
      const aminath = await json<CounterSale>(await sell('1', 'Aminath Short', 'Malé', 'Airport'));
      await json<CounterSale>(await sell('1', 'Badru Onward', 'Airport', 'Maafushi'));
      await json<CounterSale>(await sell('2', 'Hawwa Early', 'Malé', 'Airport'));
      // Aminath boarded at Malé; Hawwa never did.
      await json(
        await page.request.post(`/api/admin/boarding/${scheduleId}/tickets/${aminath.ticketId}`, {
          data: { status: 'present' },
        }),
      );

      await page.goto(`/admin/boarding?trip=${scheduleId}&stop=1`);
      await expect(page.getByRole('heading', { name: 'Boarding here: 0 of 1' })).toBeVisible();
      const boardingHere = page.getByRole('list', { name: 'Passengers boarding here' });
      await expect(boardingHere.getByRole('listitem')).toHaveCount(1);
      await expect(boardingHere).toContainText('Badru Onward');
      await expect(page.getByRole('heading', { name: 'Getting off here: 1 person' })).toBeVisible();
      const gettingOff = page.getByRole('list', { name: 'Passengers getting off here' });
      const offRow = (name: string) => gettingOff.getByRole('listitem').filter({ hasText: name });
      await expect(gettingOff.getByRole('listitem')).toHaveCount(2);
      await expect(offRow('Aminath Short')).toContainText('Seat 1: taken here by Badru Onward');
      await expect(offRow('Aminath Short')).toContainText('On board');
      await expect(offRow('Hawwa Early')).toContainText('Seat 2: free from here');
      await expect(offRow('Hawwa Early')).toContainText('Not boarded');
      await expect(page.getByTestId('seats-free-here')).toHaveText(
        'Seats free from here: 2. Taken here by a passenger boarding: 1.',
      );
      await expectAccessible(page, 'boarding: getting off here');
      await shot(page, 'getting-off', testInfo);

      // With no signal, from the list kept on the device: nobody gets off at Malé, the first stop.
      await context.setOffline(true);
      await expect(badge(page)).toHaveText('offline · 0 waiting');
      const stop = page.getByLabel('Your stop');
      await stop.selectOption('0');
      await expect(page.getByRole('heading', { name: 'Boarding here: 1 of 2' })).toBeVisible();
      await expect(page.getByRole('heading', { name: /Getting off here/ })).toHaveCount(0);
      // Back at Airport: Badru boards onto seat 1 as Aminath leaves it.
      await stop.selectOption('1');
      await expect(offRow('Aminath Short')).toContainText('Seat 1: taken here by Badru Onward');
      await boardingHere.getByRole('button', { name: 'Board Badru Onward, seat 1' }).click();
      await boardingHere.getByRole('button', { name: 'Checked ID? Board 1' }).click();
      await expect(badge(page)).toHaveText('offline · 1 waiting');
      await expect(page.getByRole('heading', { name: 'Boarding here: 1 of 1' })).toBeVisible();
      await context.setOffline(false);
      await expect(badge(page)).toHaveText('online · 0 waiting');

      // One person in seat 1 on each leg: Aminath, then Badru; never both, never neither.
      const legs = (
        await json<TripOnBoard>(await page.request.get(`/api/admin/trips/${scheduleId}/on-board`))
      ).legs;
      expect(legs.map((l) => [l.from, l.to, l.passengers])).toEqual([
        ['Malé', 'Airport', 1],
        ['Airport', 'Maafushi', 1],
      ]);
      const counts = page.getByTestId('persons-on-board').getByRole('listitem');
      await expect(counts.nth(0)).toContainText('1 passenger');
      await expect(counts.nth(1)).toContainText('1 passenger');

      // The office's trip view lays seat 1 out leg by leg: Aminath, then Badru.
      await page.goto(`/admin/ticketing?date=${departure.schedule.travelDate}&trip=${scheduleId}`);
      const seatOne = page.getByTestId('trip-seats-by-leg').locator('tr[data-seat="1"]');
      await expect(seatOne.getByRole('cell')).toHaveCount(2);
      await expect(seatOne.getByRole('cell').nth(0)).toContainText('Aminath Short');
      await expect(seatOne.getByRole('cell').nth(0)).toContainText('Malé → Airport');
      await expect(seatOne.getByRole('cell').nth(1)).toContainText('Badru Onward');
      await expect(seatOne.getByRole('cell').nth(1)).toContainText('Airport → Maafushi');
      await expect(
        page.getByTestId('trip-seats-by-leg').locator('tr[data-seat="2"]').getByRole('cell'),
      ).toHaveText([/Hawwa Early/, 'Free']);
      await expectAccessible(page, 'ticketing: seats by leg');
      await shot(page, 'seats-by-leg', testInfo);
    } finally {
      await seller.api.dispose();
    }
  });

  test('with no signal, a name (Latin or Thaana, any part of it) finds a booking and narrows the list; a tap on a row asks "Checked ID? Board 2" once and boards the party', async ({
    page,
    context,
    playwright,
    baseURL,
  }, testInfo) => {
    test.slow();
    await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
    const departure = await todaysDeparture(page.request, 4);
    const locations = await json<Location[]>(await page.request.get('/api/locations'));
    const id = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
    const seller = await newStaff(playwright, page.request, baseURL, 'counter');
    const thaanaName = 'އާމިނަތު ޝަހުމާ';
    try {
      await json(
        await seller.api.post('/api/admin/counter/shift', { data: { floats: { MVR: '0', USD: '0' } } }),
      );
      const sell = (seats: string[], name: string) =>
        seller.api.post('/api/admin/counter/sales', {
          data: {
            scheduleId: departure.schedule.id,
            travelDate: departure.schedule.travelDate,
            launchId: departure.launch.id,
            originId: id('Malé'),
            destinationId: id('Maafushi'),
            seats,
            tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
            passenger: { name, nationality: 'Maldivian' },
            language: 'dv',
            currency: 'MVR',
            payment: { method: 'card' },
            saleId: crypto.randomUUID(),
          },
        });
      const aisha = await json<CounterSale>(await sell(['1', '2'], 'Aisha Ahmed'));
      await json<CounterSale>(await sell(['3'], thaanaName));
      await json<CounterSale>(await sell(['4'], 'Hassan Aishan'));

      await page.goto(`/admin/boarding?trip=${departure.schedule.id}`);
      await expect(page.getByRole('heading', { name: /Boarding here: 0 of 4/ })).toBeVisible();
      const list = page.getByRole('list', { name: 'Passengers boarding here' });
      const search = page.getByLabel('Or type the booking reference or a name');
      await context.setOffline(true);
      await expect(badge(page)).toHaveText('offline · 0 waiting');

      // Part of a name, any case: the list narrows to those it finds, as it is typed.
      await search.fill('AISH');
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(page.getByText('2 of 3 bookings match the search.')).toBeVisible();
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByText('2 bookings match. Tap the passenger in the list below.')).toBeVisible();
      await expect(result(page)).toHaveCount(0);
      // Part of a Thaana name: one booking, found and judged as a typed reference is.
      await search.fill('ޝަހުމާ');
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByRole('button', { name: `Board ${thaanaName}, seat 3` })).toBeVisible();
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(result(page)).toHaveAttribute('data-colour', 'amber');
      await expect(result(page).getByText('Found by name only. Check ID before boarding.')).toBeVisible();
      await expect(result(page).getByText(thaanaName)).toBeVisible();
      await expect(result(page).getByRole('button', { name: /Board/ })).toHaveText('Checked ID? Board 1');

      // A tap on Aisha's row opens the same check under it: one question, boarding the party.
      await search.fill('ahmed');
      const row = list.getByRole('button', { name: 'Board Aisha Ahmed, seats 1, 2' });
      await expect(row).toHaveAttribute('aria-expanded', 'false');
      await row.click();
      await expect(row).toHaveAttribute('aria-expanded', 'true');
      const check = list.getByTestId('scan-result');
      await expect(check).toHaveAttribute('data-colour', 'amber');
      await expect(check.getByText('Picked from the list. Check ID before boarding.')).toBeVisible();
      await expect(check.getByRole('group', { name: 'How many board now' })).toContainText('2 of 2');
      const board = check.getByRole('button', { name: /Board/ });
      await expect(board).toHaveCount(1);
      await expect(board).toHaveText('Checked ID? Board 2');
      await expectAccessible(page, 'boarding from the list');
      await shot(page, 'row-check', testInfo);
      // The row's tap boarded nobody.
      await expect(badge(page)).toHaveText('offline · 0 waiting');
      expect(await queuedBoardings(page)).toBe(0);
      await board.click();
      await expect(badge(page)).toHaveText('offline · 1 waiting');
      await expect(check.getByText('2 persons boarded.')).toBeVisible();
      await expect(check.getByRole('button', { name: /Board/ })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: /Boarding here: 2 of 4/ })).toBeVisible();
      // Boarded: the row closes and is no longer a way to board them again.
      await row.click();
      await expect(check).toHaveCount(0);
      await expect(list.getByRole('button', { name: /Board Aisha Ahmed/ })).toHaveCount(0);
      await expect(list.getByRole('listitem')).toContainText('On board');
      // Found again by reference: already on board, nothing to tap.
      await search.fill(aisha.reference);
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(result(page).getByText('Already on board.')).toBeVisible();
      await expect(result(page).getByRole('button', { name: /Board/ })).toHaveCount(0);

      // The keyboard reaches a row as well: Hassan boards by Enter on his row, then on the question.
      await search.fill('hassan');
      const hassan = list.getByRole('button', { name: 'Board Hassan Aishan, seat 4' });
      await hassan.focus();
      await page.keyboard.press('Enter');
      await expect(list.getByTestId('scan-result')).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(list.getByRole('button', { name: 'Checked ID? Board 1' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(badge(page)).toHaveText('offline · 2 waiting');
      await shot(page, 'row-boarded', testInfo);

      await context.setOffline(false);
      await expect(badge(page)).toHaveText('online · 0 waiting');
      const manifest = await json<BoardingManifest>(
        await page.request.get(`/api/admin/boarding/${departure.schedule.id}/manifest`),
      );
      const boarded = (ticketId: string) => manifest.passengers.find((p) => p.ticketId === ticketId)?.boarded;
      expect(boarded(aisha.ticketId)).toBe(2);
      expect(manifest.passengers.filter((p) => p.boarded > 0)).toHaveLength(2);
    } finally {
      await seller.api.dispose();
    }
  });
});
