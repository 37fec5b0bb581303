import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminTicket, AdminUser, AuthMe } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { expect, test } from './fixtures.ts';
import { createBookingViaApi, json, operatorDate } from './support/booking-api.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The server is shared by parallel workers and every test adds to the one trail: each test finds
// its own entries by the id of the ticket it made (or the address of the person it invited),
// never by counting the whole list. A filter's change shows the previous list until the new one
// arrives, so each step waits for something only the new list can show.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/audit-shots');

/** The actions approve-ticket.ts and reject-locked-ticket.ts write, and how the screen names them. */
const APPROVE = { action: 'approve', label: 'Approve' };
const REJECT = { action: 'reject', label: 'Reject' };
/** A remark a spreadsheet would run as a formula, were the export to hand it over as it is. */
const FORMULA_REMARKS = '=HYPERLINK("https://attacker.example","Refund")';

async function signIn(page: Page) {
  await json(await page.request.post('/api/auth/login', { data: DEMO_ADMIN }));
}

/** A fresh pending booking, as the admin API shows it. */
async function pendingTicket(page: Page): Promise<AdminTicket> {
  const booking = await createBookingViaApi(page.request);
  return json<AdminTicket>(await page.request.get(`/api/admin/tickets/by-reference/${booking.reference}`));
}

const ticketPath = (ticket: AdminTicket) => `/api/admin/tickets/${ticket.id}`;

/** The audit entries showing this text: a ticket's id (their entity id), an e-mail address. */
const entryWith = (page: Page, text: string) => page.locator('li[data-entry-id]').filter({ hasText: text });

const filter = (page: Page, name: 'Person' | 'Kind of action' | 'From' | 'To') =>
  page.getByLabel(name, { exact: true });

/** Entries a page of the trail holds (the API contract). */
const PAGE_SIZE = 50;

/** The columns of the export, in order (routes/admin/audit.ts). */
const CSV_HEADER = ['When', 'Who', 'Action', 'Entity', 'Entity id', 'Before', 'After'];

/** Invites a crew member and lets them set a password through the mailed link, in a session of their own. */
async function joinStaff(page: Page, request: APIRequestContext, email: string): Promise<AdminUser> {
  await json(await page.request.post('/api/admin/staff/invitations', { data: { email, role: 'crew' } }));
  let token = '';
  await expect
    .poll(async () => {
      const mails = await json<{ text: string }[]>(
        await request.get('/dev/outbox', { params: { to: email } }),
      );
      token = /#([\w-]{20,})/.exec(mails[0]?.text ?? '')?.[1] ?? '';
      return token;
    })
    .not.toBe('');
  const joined = await json<AuthMe>(
    await request.post('/api/auth/links/complete', { data: { token, password: `pw-${randomUUID()}` } }),
  );
  if (!joined.user) throw new Error('the invitation signed nobody in');
  return joined.user;
}

/** Clicks Export CSV and reads the file it downloads. */
async function exportCsv(page: Page, file: string): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: /^Export CSV/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
  await download.saveAs(file);
  // The server starts with a byte-order mark, so spreadsheets read UTF-8.
  return parseCsv((await readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
}

/** RFC 4180: quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test.describe('audit trail', () => {
  test.beforeEach(async ({ page }) => {
    // Each test first makes a real booking (e-mail code, verification, slip upload) and shares
    // two cores with the server and the other worker.
    test.slow();
    await signIn(page);
  });

  test('shows who approved a booking and what the approval changed', async ({ page }) => {
    const ticket = await pendingTicket(page);

    // Approved on the tickets screen, as the office would.
    await page.goto(`/admin/tickets?q=${ticket.reference}`);
    await page
      .locator(`article[data-reference="${ticket.reference}"]`)
      .getByRole('button', { name: 'Approve' })
      .click();
    await expect(toast(page, MSG.ticketApproved)).toBeVisible();

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible();
    await filter(page, 'Kind of action').selectOption({ label: APPROVE.label });
    await expect(page).toHaveURL(new RegExp(`[?&]action=${APPROVE.action}(&|$)`));

    const entry = entryWith(page, ticket.id);
    await expect(entry).toHaveCount(1);
    await expect(entry.getByRole('heading', { level: 3 })).toHaveText(APPROVE.label);
    await expect(entry).toContainText(DEMO_ADMIN.email);
    await expect(entry).toContainText(`Ticket ${ticket.id}`);
    const changes = entry.getByRole('list', { name: 'Changes' });
    await expect(changes.getByRole('listitem').filter({ hasText: 'Ticket status:' })).toHaveText(
      /^Ticket status: pending\s*→\s*changed to\s*confirmed$/,
    );
    await expect(changes.getByRole('listitem').filter({ hasText: 'Payment status:' })).toHaveText(
      /^Payment status: pending\s*→\s*changed to\s*completed$/,
    );
    // The filter holds: every entry listed is an approval (the sign-in of this test is not).
    await expect(page.locator('li[data-entry-id] h3').filter({ hasNotText: APPROVE.label })).toHaveCount(0);

    // The filter survives a reload.
    await page.reload();
    await expect(filter(page, 'Kind of action')).toHaveValue(APPROVE.action);
    await expect(entry).toHaveCount(1);
  });

  test('filters narrow the list, and the CSV export carries them, defused', async ({
    page,
    request,
  }, testInfo) => {
    const approved = await pendingTicket(page);
    const rejected = await pendingTicket(page);
    await json(await page.request.post(`${ticketPath(approved)}/approve`));
    await json(
      await page.request.post(`${ticketPath(rejected)}/reject`, { data: { remarks: FORMULA_REMARKS } }),
    );
    // A second person in the trail, whose address a spreadsheet would read as a formula.
    const member = await joinStaff(
      page,
      request,
      `-audit-${testInfo.project.name}-${Date.now()}@example.com`,
    );
    const joined = entryWith(page, member.email).filter({
      has: page.getByRole('heading', { name: 'Staff join' }),
    });
    const today = operatorDate(0);
    const yesterday = operatorDate(-1);

    await page.goto('/admin/audit');
    await expect(entryWith(page, approved.id)).toHaveCount(1);
    await expect(joined).toHaveCount(1);
    const rejection = entryWith(page, rejected.id);
    await expect(rejection).toHaveCount(1);
    await expect(rejection.getByRole('heading', { level: 3 })).toHaveText(REJECT.label);
    // Remarks the booking did not have before.
    await expect(rejection.getByRole('listitem').filter({ hasText: 'Remarks:' })).toHaveText(
      `Remarks: none → changed to ${FORMULA_REMARKS}`,
    );

    // The person: the new member's entry goes, the demo owner's stay.
    await filter(page, 'Person').selectOption({ label: DEMO_ADMIN.email });
    await expect(page).toHaveURL(/[?&]actor=[0-9a-f-]{36}(&|$)/);
    await expect(joined).toHaveCount(0);
    await expect(entryWith(page, approved.id)).toHaveCount(1);
    await expect(page.locator('li[data-entry-id]').filter({ hasNotText: DEMO_ADMIN.email })).toHaveCount(0);

    // The kind of action: the rejection goes.
    await filter(page, 'Kind of action').selectOption({ label: APPROVE.label });
    await expect(page).toHaveURL(new RegExp(`[?&]action=${APPROVE.action}(&|$)`));
    await expect(rejection).toHaveCount(0);
    await expect(entryWith(page, approved.id)).toHaveCount(1);

    // Dates, the operator's days: today keeps the approval, the day before has none of it.
    await filter(page, 'From').fill(today);
    await filter(page, 'To').fill(today);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${today}&to=${today}`));
    await expect(entryWith(page, approved.id)).toHaveCount(1);
    await filter(page, 'To').fill(yesterday);
    await expect(page.getByRole('alert')).toHaveText(
      'The From date is after the To date: no entry can match.',
    );
    await filter(page, 'From').fill(yesterday);
    await expect(page).toHaveURL(new RegExp(`[?&]from=${yesterday}&to=${yesterday}`));
    // The trail of a fresh demo database starts today.
    await expect(page.getByText('No entries match the filters.')).toBeVisible();
    await filter(page, 'From').fill(today);
    await filter(page, 'To').fill(today);
    await expect(entryWith(page, approved.id)).toHaveCount(1);

    // The export holds what the filters hold. Everyone's approvals of today: not the rejection.
    await filter(page, 'Person').selectOption({ label: 'Everyone' });
    const exportLink = page.getByRole('link', { name: /^Export CSV/ });
    await expect(exportLink).toHaveAttribute(
      'href',
      `/api/admin/audit.csv?action=${APPROVE.action}&from=${today}&to=${today}`,
    );
    const [header, ...approvals] = await exportCsv(page, testInfo.outputPath('approvals.csv'));
    expect(header).toEqual(CSV_HEADER);
    const approval = approvals.filter((row) => row.includes(approved.id));
    expect(approval).toEqual([
      [
        expect.any(String),
        DEMO_ADMIN.email,
        APPROVE.action,
        'ticket',
        approved.id,
        expect.any(String),
        expect.any(String),
      ],
    ]);
    expect(JSON.parse(approval[0]?.[5] ?? '')).toEqual({ ticketStatus: 'pending', paymentStatus: 'pending' });
    expect(JSON.parse(approval[0]?.[6] ?? '')).toEqual({
      ticketStatus: 'confirmed',
      paymentStatus: 'completed',
    });
    expect(approvals.filter((row) => row[2] !== APPROVE.action)).toEqual([]);

    // The new member's actions of today: their joining, their address defused with an apostrophe.
    await filter(page, 'Kind of action').selectOption({ label: 'All actions' });
    await filter(page, 'Person').selectOption({ label: member.email });
    await expect(joined).toHaveCount(1);
    await expect(entryWith(page, approved.id)).toHaveCount(0);
    const [, ...theirs] = await exportCsv(page, testInfo.outputPath('member.csv'));
    expect(theirs).toEqual([
      [expect.any(String), `'${member.email}`, 'staff_join', 'admin_user', member.id, '', expect.any(String)],
    ]);

    // Nothing a spreadsheet would run: not the address, not the remarks (inside the JSON of After).
    await filter(page, 'Person').selectOption({ label: 'Everyone' });
    await expect(entryWith(page, approved.id)).toHaveCount(1);
    const [, ...rows] = await exportCsv(page, testInfo.outputPath('everything.csv'));
    expect(rows.filter((row) => row.includes(rejected.id))).toEqual([
      [
        expect.any(String),
        DEMO_ADMIN.email,
        REJECT.action,
        'ticket',
        rejected.id,
        expect.any(String),
        expect.stringContaining('HYPERLINK'),
      ],
    ]);
    expect(rows.filter((row) => row[1] === `'${member.email}`)).toHaveLength(1);
    expect(rows.flat().filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
  });

  test('passes axe with entries, and with none', async ({ page }, testInfo) => {
    const ticket = await pendingTicket(page);
    await json(await page.request.post(`${ticketPath(ticket)}/approve`));

    await page.goto(`/admin/audit?action=${APPROVE.action}`);
    await expect(entryWith(page, ticket.id)).toHaveCount(1);
    await expect(page.getByText(/^The latest \d+ entr|^\d+ entr/)).toBeVisible();
    await expectAccessible(page, 'entries');
    await page.screenshot({
      path: path.join(SHOTS, `audit-${testInfo.project.name}-entries.png`),
      fullPage: true,
    });

    // A day with no entries at all: the operator's tomorrow.
    const tomorrow = operatorDate(1);
    await page.goto(`/admin/audit?from=${tomorrow}&to=${tomorrow}`);
    await expect(page.getByText('No entries match the filters.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear filters' })).toBeVisible();
    await expectAccessible(page, 'empty');
    await page.screenshot({ path: path.join(SHOTS, `audit-${testInfo.project.name}-empty.png`) });
  });
  test('pages through a long history with Load more', async ({ page, playwright, baseURL }) => {
    const ticket = await pendingTicket(page);
    await json(await page.request.post(`${ticketPath(ticket)}/approve`));
    // One more mark than a page holds, all of one ticket, by an office member of this test's own
    // (other tests mark tickets meanwhile): present, no-show, present...
    const office = await newStaff(playwright, page.request, baseURL, 'office');
    for (let i = 0; i <= PAGE_SIZE; i++) {
      // A no-show after a boarding needs the office's reason (docs/decisions/024).
      const data =
        i % 2 === 0 ? { status: 'present' } : { status: 'no_show', reason: 'Left before departure' };
      await json(await office.api.post(`${ticketPath(ticket)}/mark`, { data }));
    }
    const me = await json<AuthMe>(await office.api.get('/api/auth/me'));
    await office.api.dispose();
    const marks = entryWith(page, ticket.id);

    await page.goto(`/admin/audit?action=mark&actor=${me.user?.id}`);
    await expect(
      page.getByText(`The latest ${PAGE_SIZE} entries shown; older ones can be loaded.`),
    ).toBeVisible();
    await expect(page.locator('li[data-entry-id]')).toHaveCount(PAGE_SIZE);
    // The newest first: the last mark turned a no-show into present.
    await expect(marks.first().getByRole('listitem')).toHaveText(
      'Marked status: no_show → changed to present',
    );

    // By keyboard: the next page comes, and focus moves to the first entry it brought.
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    await expect(marks).toHaveCount(PAGE_SIZE + 1);
    await expect(page.locator('li[data-entry-id]').nth(PAGE_SIZE)).toBeFocused();
    // The oldest, the first mark, from no mark at all: marked present by hand, the party boarded.
    await expect(marks.last().getByRole('listitem')).toHaveText([
      'Boarded: 0 → changed to 1',
      'Marked status: empty → changed to present',
    ]);
    const ids = await page
      .locator('li[data-entry-id]')
      .evaluateAll((items) => items.map((item) => item.getAttribute('data-entry-id')));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
