import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, bankStatements, mailOutbox, statementLines, tickets } from '#server/db/schema.ts';
import { createDevTransport, createMailer } from '#server/lib/mailer.ts';
import type { ParsedLine } from '#server/lib/statements/types.ts';
import { storeStatement } from '#server/services/store-statement.ts';
import { type AdminTicket, APPROVAL_UNDO_SECONDS, type TicketList } from '#shared/admin-api.ts';
import type { StatementLine, StatementSettings } from '#shared/statements.ts';
import { makePaymentSettings, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// Bank statements that pay the bookings (docs/decisions/038): what an import keeps, matches,
// suggests and ignores, and what the office does with the rest.
describe(`bank statements (${testDatabaseKind})`, () => {
  let now = new Date();
  const clock = { now: () => now };
  const t = useAdminApp({ clock }, async (app) => {
    await makePaymentSettings(app.database.db);
  });
  const db = () => t.database.db;

  let row = 0;
  const line = (over: Partial<ParsedLine> = {}): ParsedLine => ({
    row: ++row,
    bookedOn: '2026-11-27',
    amount: '100.00',
    currency: 'MVR',
    remark: 'Transfer',
    payer: null,
    bankTransactionId: `TX-${randomUUID()}`,
    ...over,
  });
  const store = (lines: ParsedLine[], account: 'MVR' | 'USD' = 'MVR') =>
    storeStatement({
      db: db(),
      clock,
      actorUserId: t.admin.id,
      account,
      format: 'csv',
      fileName: 'statement.csv',
      fileSha256: randomUUID(),
      lines,
    });
  const booking = async (over: Parameters<typeof makeTicket>[1] = {}) =>
    (await makeTicket(db(), over)).ticket;
  const ticketOf = async (id: string) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];
  const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const linesOf = async (status: string, statementId?: string): Promise<StatementLine[]> => {
    const res = await t.get(
      `/api/admin/statement-lines?status=${status}${statementId ? `&statementId=${statementId}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().lines;
  };
  const lineByRemark = async (status: string, remark: string) =>
    (await linesOf(status)).find((l) => l.remark === remark);
  const settings = (s: Partial<StatementSettings>) =>
    t.put('/api/admin/statement-settings', {
      approveMatched: true,
      feeToleranceMvr: '0',
      feeToleranceUsd: '0',
      payLaterEnabled: true,
      payLaterHoldHours: 24,
      payLaterCutoffHours: 6,
      payLaterMaxSharePercent: 50,
      ...s,
    });
  const flushMail = () =>
    createMailer({
      db: db(),
      transport: createDevTransport({ info: () => undefined }),
      from: 'Island Ferry <no-reply@islandferry.test>',
      log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      clock,
      writeLater: t.app.deps.writeLaterMail,
    }).flush();

  it('a matched line pays and approves its booking, and the e-ticket mail goes out once the undo window passed', async () => {
    const paid = await booking();
    const result = await store([
      line({
        remark: `Ferry ${paid.paymentReference.slice(0, 4)} ${paid.paymentReference.slice(4)}`,
        amount: paid.totalAmount,
      }),
    ]);
    expect(result).toMatchObject({
      imported: 1,
      duplicates: 0,
      matched: 1,
      suggested: 0,
      unmatched: 0,
      ignored: 0,
    });
    expect(await ticketOf(paid.id)).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    expect((await mailsTo(paid.passengerEmail)).map((m) => m.status)).toEqual(['held']);

    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, paid.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['approve', 'statement_match']);
    expect(audit.find((a) => a.action === 'approve')?.after).toMatchObject({
      statementId: result.statementId,
    });
    expect(audit.every((a) => a.actorUserId === t.admin.id)).toBe(true);

    // The ticket card shows the line that paid; the list filters the bookings a statement paid.
    const view: AdminTicket = (await t.get(`/api/admin/tickets/${paid.id}`)).json();
    expect(view.statementPayments).toEqual([
      expect.objectContaining({ statementId: result.statementId, amount: paid.totalAmount, currency: 'MVR' }),
    ]);
    const list: TicketList = (await t.get('/api/admin/tickets?paidBy=statement')).json();
    expect(list.tickets.map((x) => x.id)).toContain(paid.id);
    const other = await booking();
    expect(
      ((await t.get('/api/admin/tickets?paidBy=statement')).json() as TicketList).tickets.map((x) => x.id),
    ).not.toContain(other.id);

    now = new Date(now.getTime() + (APPROVAL_UNDO_SECONDS + 1) * 1000);
    await flushMail();
    const [mail] = await mailsTo(paid.passengerEmail);
    expect(mail).toMatchObject({ status: 'sent', subject: `Booking approved: ${paid.paymentReference}` });
  });

  it('pays a return by the sum of its two journeys and approves both', async () => {
    const outbound = await booking();
    const back = await booking({
      paymentReference: outbound.paymentReference,
      journey: 2,
      outboundId: outbound.id,
    });
    const total = (Number(outbound.totalAmount) + Number(back.totalAmount)).toFixed(2);
    const result = await store([line({ remark: outbound.paymentReference, amount: total })]);
    expect(result.matched).toBe(1);
    expect((await ticketOf(outbound.id))?.ticketStatus).toBe('confirmed');
    expect((await ticketOf(back.id))?.ticketStatus).toBe('confirmed');
  });

  it('assigns a line to a return by hand: both journeys paid by the one line and approved together', async () => {
    const outbound = await booking();
    const back = await booking({
      paymentReference: outbound.paymentReference,
      journey: 2,
      outboundId: outbound.id,
    });
    const total = (Number(outbound.totalAmount) + Number(back.totalAmount)).toFixed(2);
    const result = await store([line({ remark: 'ferry both ways', amount: total })]);
    expect(result.unmatched).toBe(1);
    const [open] = await linesOf('unmatched', result.statementId ?? undefined);
    // Either journey's reference is the booking's: the way back's total alone is not enough.
    const res = await t.post(`/api/admin/statement-lines/${open?.id}/assign`, {
      reference: back.paymentReference.toLowerCase(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().line).toMatchObject({ status: 'matched', unassigned: '0.00' });
    for (const id of [outbound.id, back.id]) {
      expect(await ticketOf(id)).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    }
    // One payment, recorded against the booking's first journey, of the whole line.
    const card: AdminTicket = (await t.get(`/api/admin/tickets/${outbound.id}`)).json();
    expect(card.statementPayments.map((p) => p.amount)).toEqual([total]);
    expect((await mailsTo(outbound.passengerEmail)).map((m) => m.status)).toEqual(['held']);
  });

  it('an approval by the statement taken back leaves the booking paid, for a person to approve, and never paid again', async () => {
    const paid = await booking();
    const pay = () => line({ remark: `ferry ${paid.paymentReference}`, amount: paid.totalAmount });
    expect(await store([pay()])).toMatchObject({ matched: 1 });
    const undo = await t.post(`/api/admin/tickets/${paid.id}/undo-approval`, {});
    expect(undo.statusCode).toBe(200);
    expect(await ticketOf(paid.id)).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'completed' });
    // The same transfer sent again is a person's to settle: the booking was paid once already.
    expect(await store([pay()])).toMatchObject({ matched: 0, unmatched: 1 });
    const approved = await t.post(`/api/admin/tickets/${paid.id}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(await ticketOf(paid.id)).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
  });

  it('suggests a short payment and a name-only payment, never approves them, and mails nobody', async () => {
    const short = await booking();
    const named = await booking({ passengerName: 'Aminath  Shifa' });
    const shortRemark = `Ref ${short.paymentReference} thanks`;
    const result = await store([
      line({ remark: shortRemark, amount: (Number(short.totalAmount) - 10).toFixed(2) }),
      line({ remark: 'ferry tickets', payer: ' aminath shifa ', amount: named.totalAmount }),
    ]);
    expect(result).toMatchObject({ matched: 0, suggested: 2 });
    for (const b of [short, named]) {
      expect(await ticketOf(b.id)).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'pending' });
      expect(await mailsTo(b.passengerEmail)).toEqual([]);
    }
    const lines = await linesOf('suggested', result.statementId ?? undefined);
    expect(lines.find((l) => l.remark === shortRemark)?.suggestion).toMatchObject({
      ticketId: short.id,
      kind: 'amount_differs',
      difference: '-10.00',
    });
    expect(lines.find((l) => l.remark === 'ferry tickets')?.suggestion).toMatchObject({
      ticketId: named.id,
      kind: 'name_and_amount',
      difference: '0.00',
    });
  });

  it('the pay-later rules are the office’s to set: passengers see them, a bad value is named and changes nothing', async () => {
    try {
      const saved = await settings({ payLaterEnabled: false, payLaterHoldHours: 12, payLaterCutoffHours: 3 });
      expect(saved.statusCode, saved.body).toBe(200);
      const pub = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
      expect(pub.json().payLater).toEqual({ enabled: false, holdHours: 12, cutoffHours: 3 });
      const bad = await settings({ payLaterHoldHours: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields).toMatchObject({
        payLaterHoldHours: 'Enter a number of hours, from 1 to 72',
      });
      expect((await t.get('/api/admin/statement-settings')).json()).toMatchObject({ payLaterHoldHours: 12 });
    } finally {
      await settings({});
    }
  });

  it('matches within the fee tolerance, and without approving when the setting is off', async () => {
    expect((await settings({ approveMatched: false, feeToleranceMvr: '5' })).statusCode).toBe(200);
    try {
      expect((await t.get('/api/admin/statement-settings')).json()).toEqual({
        approveMatched: false,
        feeToleranceMvr: '5.00',
        feeToleranceUsd: '0.00',
        payLaterEnabled: true,
        payLaterHoldHours: 24,
        payLaterCutoffHours: 6,
        payLaterMaxSharePercent: 50,
      });
      const b = await booking();
      const result = await store([
        line({ remark: b.paymentReference, amount: (Number(b.totalAmount) - 5).toFixed(2) }),
      ]);
      expect(result.matched).toBe(1);
      expect(await ticketOf(b.id)).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'completed' });
      expect(await mailsTo(b.passengerEmail)).toEqual([]);
    } finally {
      await settings({});
    }
  });

  it('lets one line pay a booking once, and leaves a line naming two bookings to a person', async () => {
    const a = await booking();
    const b = await booking();
    const result = await store([
      line({ remark: `first ${a.paymentReference}`, amount: a.totalAmount }),
      line({ remark: `again ${a.paymentReference}`, amount: a.totalAmount }),
      line({ remark: `${a.paymentReference} and ${b.paymentReference}`, amount: b.totalAmount }),
    ]);
    expect(result).toMatchObject({ matched: 1, unmatched: 2 });
    expect((await lineByRemark('matched', `first ${a.paymentReference}`))?.payments).toHaveLength(1);
    expect(await lineByRemark('unmatched', `again ${a.paymentReference}`)).toBeDefined();
    expect((await ticketOf(b.id))?.ticketStatus).toBe('pending');
  });

  it('adds nothing when the same lines come again, counting duplicates, in a later file and in the same one', async () => {
    const lines = [line({ remark: 'rent' }), line({ remark: 'fuel', bankTransactionId: null })];
    const before = (await db().select().from(bankStatements)).length;
    expect(await store(lines)).toMatchObject({ imported: 2, duplicates: 0 });
    expect(await store(lines)).toEqual({
      statementId: null,
      imported: 0,
      duplicates: 2,
      ignored: 0,
      matched: 0,
      suggested: 0,
      unmatched: 0,
    });
    expect((await db().select().from(bankStatements)).length).toBe(before + 1);
    const twice = line({ remark: 'twice in one file' });
    expect(await store([twice, { ...twice, row: twice.row + 1 }])).toMatchObject({
      imported: 1,
      duplicates: 1,
    });
    // Alike in all but the bank's id: two real transfers, both kept. Without an id, one.
    const alike = { remark: 'two ferry seats', payer: 'Ali Hassan' };
    expect(await store([line(alike), line(alike)])).toMatchObject({ imported: 2, duplicates: 0 });
    const unnamed = { ...alike, remark: 'no id given', bankTransactionId: null };
    expect(await store([line(unnamed), line(unnamed)])).toMatchObject({ imported: 1, duplicates: 1 });
  });

  it('ignores debits, rows of 0 and other currencies, and mails nobody', async () => {
    const b = await booking();
    const result = await store([
      line({ remark: `debit ${b.paymentReference}`, amount: `-${b.totalAmount}` }),
      line({ remark: `zero ${b.paymentReference}`, amount: '0.00' }),
      line({ remark: `dollars ${b.paymentReference}`, amount: b.totalAmount, currency: 'USD' }),
    ]);
    expect(result).toMatchObject({ imported: 3, ignored: 3, matched: 0, suggested: 0, unmatched: 0 });
    const ignored = await linesOf('ignored', result.statementId ?? undefined);
    expect(ignored.map((l) => l.ignoredReason).sort()).toEqual(['currency', 'debit', 'zero']);
    expect(await ticketOf(b.id)).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'pending' });
    expect(await mailsTo(b.passengerEmail)).toEqual([]);
  });

  it('confirms and rejects suggestions, once each', async () => {
    const a = await booking();
    const b = await booking();
    const result = await store([
      line({ remark: `pay ${a.paymentReference}`, amount: (Number(a.totalAmount) - 1).toFixed(2) }),
      line({ remark: `pay ${b.paymentReference}`, amount: (Number(b.totalAmount) + 1).toFixed(2) }),
    ]);
    expect(result.suggested).toBe(2);
    const [first, second] = (await linesOf('suggested', result.statementId ?? undefined)).sort((x, y) =>
      x.remark.localeCompare(y.remark),
    );
    const toConfirm = first?.suggestion?.ticketId === a.id ? first : second;
    const toReject = toConfirm === first ? second : first;
    if (!toConfirm || !toReject) throw new Error('two suggestions expected');

    const confirmed = await t.post(`/api/admin/statement-lines/${toConfirm.id}/confirm`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().line).toMatchObject({ status: 'matched', suggestion: null });
    expect(confirmed.json().line.payments).toEqual([expect.objectContaining({ ticketId: a.id })]);
    expect(await ticketOf(a.id)).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    expect((await mailsTo(a.passengerEmail)).map((m) => m.status)).toEqual(['held']);
    const again = await t.post(`/api/admin/statement-lines/${toConfirm.id}/confirm`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('statement_line_not_open');

    const rejected = await t.post(`/api/admin/statement-lines/${toReject.id}/reject`, {});
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().line).toMatchObject({ status: 'unmatched', suggestion: null, payments: [] });
    expect((await t.post(`/api/admin/statement-lines/${toReject.id}/reject`, {})).statusCode).toBe(409);
    expect((await ticketOf(b.id))?.ticketStatus).toBe('pending');

    const unknown = await t.post(`/api/admin/statement-lines/${randomUUID()}/confirm`, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('statement_line_not_found');
  });

  it('refuses to confirm a suggestion whose booking no longer waits', async () => {
    const a = await booking();
    const result = await store([line({ remark: `pay ${a.paymentReference}`, amount: '1.00' })]);
    const [suggested] = await linesOf('suggested', result.statementId ?? undefined);
    expect((await t.post(`/api/admin/tickets/${a.id}/approve`, {})).statusCode).toBe(200);
    const res = await t.post(`/api/admin/statement-lines/${suggested?.id}/confirm`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('statement_line_not_open');
  });

  it('assigns by hand: a line split over two bookings, and two lines paying one', async () => {
    const a = await booking();
    const b = await booking();
    const c = await booking();
    const splitAmount = (Number(a.totalAmount) + Number(b.totalAmount)).toFixed(2);
    const half = (Number(c.totalAmount) / 2).toFixed(2);
    const rest = (Number(c.totalAmount) - Number(half)).toFixed(2);
    const result = await store([
      line({ remark: 'two bookings in one', amount: splitAmount }),
      line({ remark: 'first half', amount: half }),
      line({ remark: 'second half', amount: rest }),
      line({ remark: 'salary', amount: '5000.00' }),
    ]);
    expect(result.unmatched).toBe(4);
    const open = await linesOf('unmatched', result.statementId ?? undefined);
    const byRemark = (remark: string) => {
      const found = open.find((l) => l.remark === remark);
      if (!found) throw new Error(`no line ${remark}`);
      return found;
    };
    const assign = (id: string, body: object) => t.post(`/api/admin/statement-lines/${id}/assign`, body);

    const split = byRemark('two bookings in one');
    const tooMuch = await assign(split.id, {
      reference: a.paymentReference,
      amount: `${Number(splitAmount) + 1}`,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.code).toBe('statement_amount_too_large');
    const missing = await assign(split.id, { reference: '0000000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('booking_not_found');
    // Rufiyaa never count towards a dollar total: refused, and nothing paid.
    const dollars = await booking({ currency: 'USD', totalAmount: splitAmount });
    const otherCurrency = await assign(split.id, { reference: dollars.paymentReference });
    expect(otherCurrency.statusCode).toBe(400);
    expect(otherCurrency.json().error.code).toBe('statement_currency_mismatch');
    expect(await ticketOf(dollars.id)).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'pending' });

    const firstPart = await assign(split.id, { reference: a.paymentReference, amount: a.totalAmount });
    expect(firstPart.statusCode, firstPart.body).toBe(200);
    expect(firstPart.json().line).toMatchObject({ status: 'matched', unassigned: b.totalAmount });
    expect((await ticketOf(a.id))?.ticketStatus).toBe('confirmed');
    const secondPart = await assign(split.id, { reference: b.paymentReference });
    expect(secondPart.json().line).toMatchObject({ status: 'matched', unassigned: '0.00' });
    expect(secondPart.json().line.payments).toHaveLength(2);
    expect((await ticketOf(b.id))?.ticketStatus).toBe('confirmed');
    expect((await assign(split.id, { reference: b.paymentReference })).statusCode).toBe(409);

    // Half a payment pays nothing yet; the second half completes it.
    expect((await assign(byRemark('first half').id, { reference: c.paymentReference })).statusCode).toBe(200);
    expect(await ticketOf(c.id)).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'pending' });
    expect((await assign(byRemark('second half').id, { reference: c.paymentReference })).statusCode).toBe(
      200,
    );
    expect(await ticketOf(c.id)).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    const card: AdminTicket = (await t.get(`/api/admin/tickets/${c.id}`)).json();
    expect(card.statementPayments.map((p) => p.amount).sort()).toEqual([half, rest].sort());

    const salary = byRemark('salary');
    const aside = await t.post(`/api/admin/statement-lines/${salary.id}/not-booking`, {});
    expect(aside.statusCode).toBe(200);
    expect(aside.json().line.status).toBe('not_booking');
    expect((await t.post(`/api/admin/statement-lines/${salary.id}/not-booking`, {})).statusCode).toBe(409);
    expect((await assign(salary.id, { reference: c.paymentReference })).statusCode).toBe(409);

    const summary = (await t.get('/api/admin/statements/summary')).json();
    expect(summary.matchedToday).toBeGreaterThanOrEqual(3);
    const statements = (await t.get('/api/admin/statements')).json().statements;
    expect(statements[0]).toMatchObject({
      id: result.statementId,
      unmatched: 4,
      importedBy: expect.any(String),
    });
  });

  it('is for the Owner and the Office: Counter and Crew get 403', async () => {
    const { payload, headers } = await multipartBody(
      { account: 'MVR' },
      { file: { body: Buffer.from('a,b\n1,2\n'), type: 'text/csv', name: 's.csv' } },
    );
    for (const role of ['counter', 'crew'] as const) {
      const other = await t.signInAs(role);
      for (const url of [
        '/api/admin/statement-lines',
        '/api/admin/statements',
        '/api/admin/statement-settings',
      ]) {
        expect((await other.get(url)).statusCode).toBe(403);
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/statements',
        payload,
        headers: { ...headers, cookie: other.cookie },
      });
      expect(res.statusCode).toBe(403);
    }
    const office = await t.signInAs('office');
    expect((await office.get('/api/admin/statement-lines')).statusCode).toBe(200);
  });
});

// The same through the real parsers, with the banks' own files (tests/fixtures/statements/README.md).
describe(`bank statement files (${testDatabaseKind})`, () => {
  const t = useAdminApp({}, async (app) => {
    await makePaymentSettings(app.database.db);
  });
  const db = () => t.database.db;
  const fixture = (name: string) =>
    readFileSync(new URL(`../../../../tests/fixtures/statements/${name}`, import.meta.url));
  const bml = {
    headerRow: 3,
    date: 'Date',
    credit: 'Credit',
    debit: 'Debit',
    remark: 'Description',
    transactionId: 'Reference No',
    dateFormat: 'DD/MM/YYYY',
    decimalMark: '.',
  };
  const upload = async (name: string, fields: Record<string, string> = {}) => {
    const { payload, headers } = await multipartBody(
      { account: 'MVR', ...fields },
      { file: { body: fixture(name), type: name.endsWith('.xml') ? 'application/xml' : 'text/csv', name } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/admin/statements',
      payload,
      headers: { ...headers, cookie: t.cookie },
    });
  };
  const booking = async (reference: string, totalAmount: string, passengerName?: string) =>
    (
      await makeTicket(db(), {
        paymentReference: reference,
        totalAmount,
        ...(passengerName ? { passengerName } : {}),
      })
    ).ticket;
  const statusOf = async (id: string) =>
    (await db().select().from(tickets).where(eq(tickets.id, id)))[0]?.ticketStatus;

  it('reads a camt.053 statement: matches, suggests by name, ignores debits, zeros and dollars, and never twice', async () => {
    const paid = [
      await booking('2611280042', '450.00'),
      await booking('2611280043', '1250.00'),
      await booking('2611280044', '900.00'),
      await booking('2611280046', '225.50'),
    ];
    const named = await booking('2611280050', '300.00', 'Fathimath Zahira');
    const res = await upload('camt053-mvr.xml');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 8,
      duplicates: 0,
      ignored: 3,
      matched: 4,
      suggested: 1,
      unmatched: 0,
    });
    for (const b of paid) expect(await statusOf(b.id)).toBe('confirmed');
    expect(await statusOf(named.id)).toBe('pending');
    const statements = (await t.get('/api/admin/statements')).json().statements;
    expect(statements[0]).toMatchObject({ format: 'camt053', fileName: 'camt053-mvr.xml', matched: 4 });

    const again = await upload('camt053-mvr.xml');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ statementId: null, imported: 0, duplicates: 8 });
    expect((await t.get('/api/admin/statements')).json().statements).toHaveLength(statements.length);
  });

  it('asks for a CSV layout’s mapping once, keeps it, and refuses a malformed file whole', async () => {
    const before = (await db().select().from(statementLines)).length;
    const asked = await upload('bml-style.csv');
    expect(asked.statusCode, asked.body).toBe(422);
    expect(asked.json().error).toMatchObject({
      code: 'statement_mapping_required',
      headerRow: 3,
      headers: ['Date', 'Value Date', 'Description', 'Reference No', 'Debit', 'Credit', 'Balance'],
    });
    const badMapping = await upload('bml-style.csv', { mapping: JSON.stringify({ ...bml, date: '' }) });
    expect(badMapping.statusCode).toBe(400);
    expect(Object.keys(badMapping.json().error.fields)).toContain('mapping.date');

    // The file with line 7's date made impossible: nothing of it is kept.
    const broken = await upload('broken.csv', { mapping: JSON.stringify(bml) });
    expect(broken.statusCode, broken.body).toBe(400);
    expect(broken.json().error).toMatchObject({ code: 'statement_invalid', row: 7, field: 'date' });
    expect((await db().select().from(statementLines)).length).toBe(before);

    const mapped = await upload('bml-style.csv', { mapping: JSON.stringify(bml) });
    expect(mapped.statusCode, mapped.body).toBe(201);
    // Its bookings were paid by the camt.053 statement already; 2,400.00 names a paid one too.
    expect(mapped.json()).toMatchObject({ imported: 6, ignored: 2, matched: 0 });
    // The mapping was kept: the same layout needs no question the next time.
    const again = await upload('bml-style.csv');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 6 });
  });

  it('reads a semicolon CSV with a decimal comma and pays its booking', async () => {
    const paid = await booking('2611280047', '1250.00');
    const mapping = {
      headerRow: 3,
      date: 'Booking Date',
      amount: 'Amount',
      currency: 'Currency',
      remark: 'Details',
      payer: 'Payer',
      dateFormat: 'DD.MM.YYYY',
      decimalMark: ',',
    };
    const res = await upload('mib-style.csv', { mapping: JSON.stringify(mapping) });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ imported: 5, matched: 1, ignored: 2 });
    expect(await statusOf(paid.id)).toBe('confirmed');
  });
});
