import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import type { AdminTicket } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import type { StatementImportResult } from '#shared/statements.ts';
import { importResultSentence } from '#web/features/admin/statements/wording.ts';
import { expect, failedResponse, test } from './fixtures.ts';
import { createBookingViaApi, json } from './support/booking-api.ts';
import { newStaff } from './support/staff.ts';
import { expectAccessible, toast } from './support/ui.ts';

// The office's bank statements (docs/decisions/038-bank-statements.md): a CSV of a layout not
// seen before is mapped once, its lines pay, suggest or wait, and a person settles the rest.
const SHOTS = path.resolve(import.meta.dirname, '../../.tmp/shots');

/** The viewport with `subject` in it: a full-page shot repeats the sticky header mid-page. */
async function shot(page: Page, name: string, testInfo: TestInfo, subject?: Locator) {
  await mkdir(SHOTS, { recursive: true });
  await subject?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, `admin-statements-${name}-${testInfo.project.name}.png`) });
}

test.use({
  allowedErrors: [
    [
      // The new layout is answered 422 before its mapping; an unknown reference 404.
      failedResponse(422, 'Unprocessable Entity', '/api/admin/statements'),
      failedResponse(400, 'Bad Request', '/api/admin/statements'),
      failedResponse(404, 'Not Found', '/api/admin/statement-lines/[^/]+/assign'),
    ],
    { scope: 'test' },
  ],
});

type Waiting = { reference: string; total: string; ticketId: string };

async function waitingBooking(api: APIRequestContext, seats: number): Promise<Waiting> {
  const created = await createBookingViaApi(api, { seats, daysAhead: 6 });
  const ticket = await json<AdminTicket>(
    await api.get(`/api/admin/tickets/by-reference/${created.reference}`),
  );
  return { reference: created.reference, total: ticket.totalAmount, ticketId: ticket.id };
}

const byReference = async (api: APIRequestContext, reference: string) =>
  json<AdminTicket>(await api.get(`/api/admin/tickets/by-reference/${reference}`));

/** 1234.5 as the bank writes it: thousands separated, two decimals. */
const bankAmount = (amount: number) =>
  amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

test('the office maps a new CSV layout, imports it and settles what did not pay by itself', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Real bookings (e-mail codes, slips), a staff invitation, an import and several actions.
  test.slow();
  const owner = await playwright.request.newContext({ baseURL });
  try {
    await json(await owner.post('/api/auth/login', { data: DEMO_ADMIN }));
    const exact = await waitingBooking(owner, 1);
    const short = await waitingBooking(owner, 3);
    const unreferenced = await waitingBooking(owner, 2);
    const run = crypto.randomUUID().slice(0, 8);

    // A layout of its own: a title line above the header, credits and debits apart, day-first
    // dates, quoted amounts with thousands separators.
    const title = '"Account statement 7730000123456 (MVR)",,,,,';
    const header = 'Txn Date,Narration,Withdrawal,Deposit,Customer,Txn Ref';
    const csv = [
      title,
      header,
      `28/11/2026,"IB TRF ${exact.reference} ferry",,"${bankAmount(Number(exact.total))}",AISHATH MOHAMED,FT${run}1`,
      `28/11/2026,"Booking ${short.reference}",,"${bankAmount(Number(short.total) - 50)}",AISHATH MOHAMED,FT${run}2`,
      `28/11/2026,"Ferry tickets ${run}",,"${bankAmount(Number(unreferenced.total))}",IBRAHIM NASEER,FT${run}3`,
      `28/11/2026,"Card fee",12.50,,,FT${run}4`,
    ].join('\r\n');

    const office = await newStaff(playwright, owner, baseURL, 'office');
    await office.api.dispose();
    await json(
      await page.request.post('/api/auth/login', {
        data: { email: office.email, password: office.password },
      }),
    );

    await page.goto('/admin/payments/statements');
    await expect(page.getByRole('heading', { level: 1, name: 'Bank Statements' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Bank statements' }),
    ).toHaveAttribute('aria-current', 'page');
    await page.getByRole('radio', { name: 'MVR account' }).check();
    await page.getByLabel('Statement file (.xml or .csv)').setInputFiles({
      name: 'statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();

    // The layout is new: the form shows the file's header and rows, and asks for the columns.
    const mapping = page.getByRole('form', { name: STATEMENT_MSG.mappingTitle });
    await expect(mapping).toBeVisible();
    const preview = mapping.getByRole('table');
    await expect(preview.getByRole('columnheader', { name: 'Narration' })).toBeVisible();
    await expect(preview.getByRole('cell', { name: `IB TRF ${exact.reference} ferry` })).toBeVisible();
    await mapping.getByRole('radio', { name: 'A credit column (and a debit column)' }).check();
    // Without a date the form refuses before anything is sent.
    await mapping.getByLabel('Date', { exact: true }).selectOption('');
    await mapping.getByRole('button', { name: 'Import with this mapping' }).click();
    const dateField = mapping.getByLabel('Date', { exact: true });
    await expect(dateField).toHaveAttribute('aria-invalid', 'true');
    await expect(mapping.getByRole('alert')).toHaveText('Choose a column');
    await mapping.getByLabel('Date', { exact: true }).selectOption('Txn Date');
    await mapping.getByLabel('Credit', { exact: true }).selectOption('Deposit');
    await mapping.getByLabel('Debit (optional)').selectOption('Withdrawal');
    await mapping.getByLabel('Remark', { exact: true }).selectOption('Narration');
    await mapping.getByLabel('Payer (optional)').selectOption('Customer');
    await mapping.getByLabel('Bank’s transaction id (optional)').selectOption('Txn Ref');
    await mapping.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await mapping.getByLabel('Decimal mark').selectOption('.');
    await expect(mapping.getByRole('alert')).toHaveCount(0);
    await expectAccessible(page, 'mapping form');
    await shot(page, 'mapping', testInfo, mapping);

    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/admin/statements') && r.request().method() === 'POST',
    );
    await mapping.getByRole('button', { name: 'Import with this mapping' }).click();
    const result = (await (await answer).json()) as StatementImportResult;
    expect(result).toMatchObject({ matched: 1, suggested: 1, unmatched: 1, ignored: 1, duplicates: 0 });
    const sentence = page.getByTestId('import-result');
    await expect(sentence).toHaveText(importResultSentence(result));
    await expect(sentence).toBeFocused();
    await expect(mapping).toBeHidden();
    await expectAccessible(page, 'import result');
    await shot(page, 'result', testInfo, sentence);

    // The line with the reference and the exact total approved its booking by itself.
    await expect.poll(async () => (await byReference(owner, exact.reference)).ticketStatus).toBe('confirmed');

    // The same file again adds nothing.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(sentence).toHaveText(STATEMENT_MSG.nothingNew);

    // A file with a bad row is refused whole, the row and the field named.
    await page.getByLabel('Statement file (.xml or .csv)').setInputFiles({
      name: 'broken.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([title, header, `31/02/2026,"Ferry ${run}",,"10.00",X,FT${run}9`].join('\r\n')),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'Nothing of the file was imported.' });
    await expect(refusal).toContainText(/Row 3, /);
    await expect(refusal).toBeFocused();

    // The short payment waits as a suggestion, its difference said.
    const tabs = page.getByRole('tablist', { name: 'Line status' });
    const tab = (label: string, count: number) =>
      tabs.getByRole('tab', { name: new RegExp(`^${label}\\W*${count}$`) });
    await expect(tab('Suggested', 1)).toHaveAttribute('aria-selected', 'true');
    const suggested = page.locator('li[data-line]').filter({ hasText: short.reference });
    await expect(suggested.getByText('MVR 50.00 short')).toBeVisible();
    await expectAccessible(page, 'suggested tab');
    await shot(page, 'suggested', testInfo, suggested);
    await suggested.getByRole('button', { name: `Confirm ${short.reference}` }).click();
    await expect(toast(page, STATEMENT_MSG.confirmed(short.reference))).toBeVisible();
    await expect(suggested).toBeHidden();
    await expect(tab('Suggested', 0)).toBeVisible();
    await expect
      .poll(async () => (await byReference(owner, short.reference)).paymentStatus)
      .toBe('completed');

    // The line without a reference is assigned by hand; a wrong reference is said under its field.
    await tab('Unmatched', 1).click();
    const unmatched = page.locator('li[data-line]').filter({ hasText: `Ferry tickets ${run}` });
    await unmatched.getByRole('button', { name: 'Assign to a booking' }).click();
    const assign = unmatched.getByRole('form', { name: 'Assign to a booking' });
    await assign.getByLabel('Booking reference').fill('9999999999');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect(assign.getByLabel('Booking reference')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'assign form');
    await shot(page, 'assign', testInfo, assign);
    await assign.getByLabel('Booking reference').fill(unreferenced.reference);
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect(toast(page, STATEMENT_MSG.assigned(unreferenced.reference))).toBeVisible();
    await expect(unmatched).toBeHidden();
    await expect
      .poll(async () => (await byReference(owner, unreferenced.reference)).paymentStatus)
      .toBe('completed');

    // Matched: each line with the booking it paid. Ignored: the debit, and why.
    await tab('Matched', 3).click();
    await expect(page.locator('li[data-line]').filter({ hasText: exact.reference })).toBeVisible();
    await tab('Ignored', 1).click();
    await expect(page.getByText('A debit: money going out of the account')).toBeVisible();

    // The Payments screen counts what waits, and leads here.
    await page.goto('/admin/payments');
    const summary = page.getByTestId('statement-summary');
    await expect(summary.getByRole('definition')).toHaveText(['3', '0', '0']);
    await summary.getByRole('link', { name: 'Open bank statements' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bank Statements' })).toBeVisible();

    // The tickets a statement paid, each with the line that paid it beside its slip.
    await page.goto('/admin/tickets?tab=approved');
    await page.getByRole('checkbox', { name: 'Paid by statement' }).check();
    await expect(page).toHaveURL(/paidBy=statement/);
    const card = page.locator(`article[data-reference="${exact.reference}"]`);
    const paidBy = card.getByRole('region', { name: 'Paid by bank statement' });
    await expect(paidBy.getByText(`FT${run}1`)).toBeVisible();
    await expect(paidBy.getByText(`IB TRF ${exact.reference} ferry`)).toBeVisible();
    await expect(page.locator('article[data-reference]')).toHaveCount(3);
    await expectAccessible(page, 'tickets paid by statement');
    await shot(page, 'tickets', testInfo, paidBy);

    // The office works from a tablet too: the page at phone width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/payments/statements?status=matched');
    await expect(tab('Matched', 3)).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, 'phone width');
    await shot(page, 'phone', testInfo);
  } finally {
    await owner.dispose();
  }
});
