import { describe, expect, it } from 'vitest';
import { ticketCurrency } from './ticket-currency.ts';

const tickets = (localAdult: number, localChild: number, foreignerAdult: number, foreignerChild: number) => ({
  localAdult,
  localChild,
  foreignerAdult,
  foreignerChild,
});

describe('the payment currency step 5 starts with', () => {
  it('is MVR for local tickets only', () => {
    expect(ticketCurrency(tickets(2, 1, 0, 0))).toBe('MVR');
  });

  it('is USD for foreigner tickets, and for a party with any foreigner ticket', () => {
    expect(ticketCurrency(tickets(0, 0, 1, 0))).toBe('USD');
    expect(ticketCurrency(tickets(0, 0, 0, 2))).toBe('USD');
    expect(ticketCurrency(tickets(3, 0, 0, 1))).toBe('USD');
  });

  it('is USD, the default, with no ticket yet', () => {
    expect(ticketCurrency(tickets(0, 0, 0, 0))).toBe('USD');
  });
});
