import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import type { ReportSummary } from '#shared/reports.ts';
import { expect, test } from './fixtures.ts';
import { createBookingViaApi, json, operatorDate, verifiedToken } from './support/booking-api.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible } from './support/ui.ts';

// The owner's reports (docs/product.md, Reports), on the phone and at the desk: a month of travel
// dates with bookings in it, the charts drawn, a table's CSV and the whole report's workbook.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

async function shot(page: Page, name: string, testInfo: TestInfo, fullPage = false) {
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `reports-${name}-${testInfo.project.name}.png`), fullPage });
}

// A month: the fortnight gone (no demo departures) and the fortnight the demo timetable runs.
const from = operatorDate(-16);
const to = operatorDate(13);

test.beforeEach(async ({ page }) => {
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
});

test('the owner reads a month: figures, charts, tables, a CSV and the workbook', async ({
  page,
}, testInfo) => {
  // Real bookings of one passenger (one e-mail code) over a week of the timetable, most approved.
  test.slow();
  const api = page.request;
  const email = `reports-${crypto.randomUUID()}@example.com`;
  const passenger = { email, verificationToken: await verifiedToken(api, email) };
  const bookings = [
    { daysAhead: 7, seats: 6, to: 'Rasdhoo' },
    { daysAhead: 8, seats: 4, to: 'Airport' },
    { daysAhead: 9, seats: 8, to: 'Thoddoo' },
    { daysAhead: 10, seats: 5, to: 'Rasdhoo' },
    { daysAhead: 11, seats: 2, to: 'Airport' },
    { daysAhead: 12, seats: 3, to: 'Rasdhoo' },
  ];
  for (const [i, b] of bookings.entries()) {
    const made = await createBookingViaApi(api, { ...b, from: 'Malé', passenger });
    // The last one waits for its payment.
    if (i === bookings.length - 1) continue;
    const ticket = await json<AdminTicket>(
      await api.get(`/api/admin/tickets/by-reference/${made.reference}`),
    );
    await json(await api.post(`/api/admin/tickets/${ticket.id}/approve`));
  }

  // This month so far by default, written into the URL.
  await page.goto('/admin/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const today = operatorDate(0);
  await expect(page).toHaveURL(new RegExp(`from=${today.slice(0, 8)}01&to=${today}$`));

  await page.goto(`/admin/reports?from=${from}&to=${to}`);
  const figures = page.getByRole('definition').filter({ hasText: /%$/ });
  await expect(figures.first()).toBeVisible();
  const report = await json<ReportSummary>(await api.get(`/api/admin/reports/summary?from=${from}&to=${to}`));
  expect(report.seatsSold).toBeGreaterThanOrEqual(25);
  expect(report.load.byRoute.length).toBeGreaterThan(0);

  // The charts: drawn on canvases, hidden from screen readers (their figures are in the tables).
  const charts = page.locator('[data-report-chart]');
  await expect(charts).toHaveCount(3 + report.sales.length);
  for (const chart of await charts.all()) {
    await expect(chart).toHaveAttribute('data-drawn', 'true');
    await expect(chart.locator('canvas')).toHaveCount(1);
    await expect(chart).toHaveAttribute('aria-hidden', 'true');
  }

  // A table as a screen reader meets it: its caption, column headers and row headers.
  const byRoute = page.getByRole('table', { name: /^Load factor by route/ });
  await expect(byRoute.getByRole('columnheader', { name: 'Load factor %' })).toBeVisible();
  await expect(byRoute.getByRole('rowheader', { name: 'Malé → Airport → Thoddoo → Rasdhoo' })).toBeVisible();

  await page.getByRole('heading', { name: 'Load factor', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'load', testInfo);
  await page.getByRole('figure', { name: /^Load factor by weekday/ }).scrollIntoViewIfNeeded();
  await shot(page, 'weekday-hour', testInfo);
  await page.getByRole('heading', { name: 'Revenue', exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'revenue', testInfo);
  await page
    .getByRole('heading', { name: 'No-shows and cancellations', exact: true })
    .scrollIntoViewIfNeeded();
  await shot(page, 'owed-cancellations', testInfo);
  await shot(page, 'full', testInfo, true);
  await expectAccessible(page);

  // The route table's CSV, made in the browser from the same rows.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV of load factor by route' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`load-route-${from}-to-${to}.csv`);
  const csvFile = testInfo.outputPath('load-route.csv');
  await csv.saveAs(csvFile);
  const lines = (await readFile(csvFile, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe(
    'Route,Load factor %,Departures,Seats offered,Seats sold,Seat-legs offered,Seat-legs sold,Passengers,Infants',
  );
  expect(lines).toHaveLength(report.load.byRoute.length + 1);

  // The whole report as a workbook, from the server.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the report (Excel)' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe(`report-${from}-to-${to}.xlsx`);
  const xlsxFile = testInfo.outputPath('report.xlsx');
  await xlsx.saveAs(xlsxFile);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxFile);
  expect(workbook.worksheets.map((w) => w.name)).toEqual(
    expect.arrayContaining([
      'Summary',
      'Load factor by route',
      'Revenue by day',
      'No-shows and cancellations',
    ]),
  );
  expect(workbook.getWorksheet('Load factor by route')?.rowCount).toBe(report.load.byRoute.length + 1);
});

test('a range backwards is said plainly, and the quick ranges set the URL', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // An Owner of this test's own: the daily summary is each Owner's, and the demo admin's is shared
  // by the tests running beside this one.
  const owner = await newStaff(playwright, page.request, baseURL, 'owner');
  await owner.api.dispose();
  await json(
    await page.request.post('/api/auth/login', { data: { email: owner.email, password: owner.password } }),
  );
  await page.goto(`/admin/reports?from=${to}&to=${from}`);
  await expect(page.getByRole('alert')).toHaveText('The end date cannot be before the start date');
  await page.getByRole('button', { name: 'Last 30 days' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${operatorDate(-29)}&to=${operatorDate(0)}$`));
  await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-report-chart][data-drawn="true"]').first()).toBeVisible();
  // The Owner's own daily summary, on and off again.
  const toggle = page.getByRole('checkbox', { name: 'E-mail me yesterday’s summary each morning' });
  await toggle.scrollIntoViewIfNeeded();
  await toggle.check();
  await expect(toggle).toBeChecked();
  await expect(page.getByText('The daily summary will come each morning')).toBeVisible();
  await shot(page, 'daily-summary', testInfo);
  await toggle.uncheck();
  await expect(toggle).not.toBeChecked();
  await expectAccessible(page);
});
