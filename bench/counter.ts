// Counter sales: one seller's queue at the jetty, one adult paying cash each. Every sale is a
// seat hold as the seat is tapped, then the sale itself; both are timed against the same run's
// /api/health, and the shift's cash-up must account for every sale to the cent.
import { randomUUID } from 'node:crypto';
import type { CashUp, CounterSale } from '#shared/counter.ts';
import { type Answer, percentile } from './http.ts';
import type { Api, Trip } from './passenger.ts';
import { ms, type Section, table } from './report.ts';

const HEALTH_SAMPLES = 50;

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.body}`);
}

export async function benchCounter(api: Api, trip: Trip, sales: number): Promise<Section> {
  if (sales > trip.seats.length) throw new Error(`${sales} sales need ${sales} seats`);
  const health: number[] = [];
  for (let i = 0; i < HEALTH_SAMPLES; i++) health.push((await api.adminRequest('GET', '/api/health')).ms);
  const opened = await api.adminRequest('POST', '/api/admin/counter/shift', {
    floats: { MVR: '500', USD: '0' },
  });
  expectStatus(opened, 201, 'opening the shift');

  const locks: number[] = [];
  const sells: number[] = [];
  let total = 0n;
  for (const seat of trip.seats.slice(0, sales)) {
    const hold = { scheduleId: trip.scheduleId, travelDate: trip.travelDate, launchId: trip.launchId };
    const lock = await api.adminRequest('POST', '/api/admin/counter/locks', {
      ...hold,
      originId: trip.originId,
      seats: [seat],
    });
    expectStatus(lock, 200, `holding ${seat}`);
    locks.push(lock.ms);
    const sale = await api.adminRequest('POST', '/api/admin/counter/sales', {
      ...hold,
      originId: trip.originId,
      destinationId: trip.destinationId,
      seats: [seat],
      tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
      passenger: { name: `Walk-in ${seat}`, nationality: 'Maldivian' },
      language: 'en',
      currency: 'MVR',
      payment: { method: 'cash', received: '1000' },
      saleId: randomUUID(),
    });
    expectStatus(sale, 201, `selling ${seat}`);
    sells.push(sale.ms);
    total += BigInt(Math.round(Number((JSON.parse(sale.body) as CounterSale).totalAmount) * 100));
  }

  const shift = (
    JSON.parse((await api.adminRequest('GET', '/api/admin/counter/shift')).body) as { shift: CashUp }
  ).shift;
  const drawer = shift.drawers.find((d) => d.currency === 'MVR');
  const failures: string[] = [];
  const cashIn = BigInt(Math.round(Number(drawer?.cashIn ?? 'NaN') * 100));
  if (cashIn !== total)
    failures.push(`the cash-up says ${drawer?.cashIn} in cash; ${sales} sales took ${total} cents`);
  const closed = await api.adminRequest('POST', '/api/admin/counter/shift/close', {
    counted: { MVR: drawer?.expected ?? '0', USD: '0' },
  });
  expectStatus(closed, 200, 'closing the shift');

  const base = percentile(health, 50);
  const row = (name: string, values: number[]) => [
    name,
    ms(percentile(values, 50)),
    ms(percentile(values, 95)),
    (percentile(values, 50) / base).toFixed(1),
  ];
  const both = locks.map((l, i) => l + (sells[i] ?? 0));
  return {
    title: `Counter sales: ${sales} sales of one adult paying cash, one after another (server time; /api/health p50 ${ms(base)} ms)`,
    lines: table(
      ['request', 'p50 ms', 'p95 ms', 'p50 / health p50'],
      [row('hold the tapped seat', locks), row('sell', sells), row('hold + sell (one sale)', both)],
    ),
    failures,
  };
}
