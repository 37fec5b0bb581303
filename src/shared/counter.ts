// Counter sales at the jetty and the seller's cash-up (docs/decisions/025-counter-sales.md): the
// HTTP contract of /api/admin/counter/* and /api/admin/cashups*. Admin only: never imported by
// a public page.
import { z } from 'zod';
import { CURRENCIES, DEFAULT_COUNTRY_CODE } from './constants.ts';
import { eTicketSchema } from './e-ticket-api.ts';
import { fareCategoryPublicSchema } from './fare-categories.ts';
import { pairPricesSchema } from './fares.ts';
import { LANGUAGES } from './languages.ts';
import { COUNTER_MSG } from './messages/staff.ts';
import {
  categoryCodeSchema,
  checkParty,
  onlyBuiltIn,
  paymentSettingsViewSchema,
  personInputSchema,
  seatedCount,
  TICKET_TYPES,
} from './schemas.ts';

export const COUNTER_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer'] as const;
export type CounterPaymentMethod = (typeof COUNTER_PAYMENT_METHODS)[number];

/**
 * What `tickets.payment_method` records for each way of paying (docs/decisions/025). An online
 * booking is always a bank transfer with a slip.
 */
export const PAYMENT_METHOD_NAMES: Record<CounterPaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank Transfer',
};

/** How long the seller may void their own sale; after that only Office or Owner may. */
export const SELLER_VOID_MINUTES = 15;

const uuid = z.uuid();
/** An amount of money as typed at the counter: up to 7 digits and 2 decimals, never negative. */
export const moneyInput = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: COUNTER_MSG.amountFormat });

/** One amount per currency: the float a shift opens with, or the cash counted at its end. */
export const perCurrencySchema = z.object({ MVR: moneyInput, USD: moneyInput });
export type PerCurrency = z.infer<typeof perCurrencySchema>;

// --- Departures -------------------------------------------------------------------------------

export const counterStopSchema = z.object({
  locationId: z.string(),
  name: z.string(),
  departureTime: z.string().nullable(),
  /** Boarding closed here: the counter no longer sells from this stop. */
  closed: z.boolean(),
});

export const counterDepartureSchema = z.object({
  scheduleId: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  stops: z.array(counterStopSchema),
  launches: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * The prices of every From -> To the departure sells (each stop to each later one): the pair's
   * own fares, else the default list (docs/decisions/033-fares-per-port-pair.md).
   */
  fares: z.array(pairPricesSchema),
});
export type CounterDeparture = z.infer<typeof counterDepartureSchema>;

/** The default prices (the payment settings') and the exchange rate the counter sells at. */
export const counterPricesSchema = paymentSettingsViewSchema.pick({
  localAdultPrice: true,
  localChildPrice: true,
  foreignerAdultPrice: true,
  foreignerChildPrice: true,
  exchangeRate: true,
});
export type CounterPrices = z.infer<typeof counterPricesSchema>;

/** `GET /api/admin/counter/departures?date=`: the departures of one day (today when not given). */
export const counterDayQuerySchema = z.object({ date: z.iso.date().optional() });
export const counterDaySchema = z.object({
  date: z.string(),
  today: z.string(),
  departures: z.array(counterDepartureSchema),
  prices: counterPricesSchema,
  /** The operator's active concessions the counter sells (docs/decisions/036-fare-categories.md). */
  concessions: z.array(fareCategoryPublicSchema).optional(),
});
export type CounterDay = z.infer<typeof counterDaySchema>;

/**
 * `GET /api/admin/counter/seats`: the same seat map as online, seen from the staff session and
 * from the sale's From -> To (the whole departure without; docs/decisions/032-seats-per-leg.md).
 */
export const counterSeatsQuerySchema = z.object({
  scheduleId: uuid,
  date: z.iso.date(),
  launchId: uuid,
  originId: uuid.optional(),
  destinationId: uuid.optional(),
});

/** `POST` and `DELETE /api/admin/counter/locks`: the staff session's hold on seats. */
/** The departure, launch and stop a hold or a sale takes seats on. */
const seatsOn = { scheduleId: uuid, travelDate: z.iso.date(), launchId: uuid, originId: uuid };
export const counterLockSchema = z.object({
  ...seatsOn,
  /** The sale's To stop: with the From, the legs the seats are held for (the whole departure without). */
  destinationId: uuid.optional(),
  seats: z.array(z.string().trim().min(1).max(20)).min(1).max(100),
});
export type CounterLock = z.infer<typeof counterLockSchema>;

// --- Sales ------------------------------------------------------------------------------------

export const counterPaymentSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('cash'), received: moneyInput }),
  z.object({ method: z.literal('card') }),
  z.object({
    method: z.literal('bank_transfer'),
    reference: z.string().trim().min(1, { error: COUNTER_MSG.transferReferenceRequired }).max(60),
  }),
]);
export type CounterPayment = z.infer<typeof counterPaymentSchema>;

/** `POST /api/admin/counter/sales`: prices are never sent; the server computes the total. */
export const counterSaleRequestSchema = z
  .object({
    ...seatsOn,
    destinationId: uuid,
    seats: counterLockSchema.shape.seats,
    tickets: z
      .array(
        z.object({
          type: z.enum(TICKET_TYPES),
          category: categoryCodeSchema,
          quantity: z.number().int().min(0).max(100),
        }),
      )
      .max(TICKET_TYPES.length * 50),
    passenger: z.object({
      name: z.string().trim().min(1, { error: COUNTER_MSG.nameRequired }).max(200),
      nationality: z.string().trim().min(1, { error: COUNTER_MSG.nationalityRequired }).max(60),
      phone: z.string().trim().max(30).optional(),
      countryCode: z.string().trim().min(1).max(8).default(DEFAULT_COUNTRY_CODE),
      email: z.union([z.literal(''), z.email({ error: COUNTER_MSG.emailInvalid }).max(320)]).optional(),
    }),
    /**
     * Every person of the party, named; optional, as for an online booking: the first is the
     * contact, `passenger` (docs/decisions/035-every-person-named.md).
     */
    passengers: z.array(personInputSchema).min(1).max(400).optional(),
    /** The language of the passenger's e-mail. */
    language: z.enum(LANGUAGES),
    currency: z.enum(CURRENCIES),
    payment: counterPaymentSchema,
    /** Made by the screen once per sale: a retried submit never sells twice. */
    saleId: uuid,
  })
  .superRefine((sale, ctx) => {
    const quantity = sale.tickets.reduce((n, t) => n + t.quantity, 0);
    if (quantity === 0)
      ctx.addIssue({ code: 'custom', path: ['tickets'], message: COUNTER_MSG.ticketsRequired });
    // An infant takes no seat (docs/decisions/035-every-person-named.md); a concession's seat is
    // the server's to count, from its definition (docs/decisions/036-fare-categories.md).
    else if (onlyBuiltIn(sale.tickets) && seatedCount(sale.tickets) !== sale.seats.length) {
      ctx.addIssue({ code: 'custom', path: ['seats'], message: COUNTER_MSG.seatsMatchTickets });
    }
    checkParty(ctx, { tickets: sale.tickets, passengers: sale.passengers, contact: sale.passenger });
    if (new Set(sale.seats).size !== sale.seats.length) {
      ctx.addIssue({ code: 'custom', path: ['seats'], message: COUNTER_MSG.seatsMatchTickets });
    }
  });
export type CounterSaleRequest = z.input<typeof counterSaleRequestSchema>;

/** When a sale was voided, by whom and why; all null while it stands. */
const saleVoid = {
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  voidReason: z.string().nullable(),
};

/** A sale as the counter shows and prints it. */
export const counterSaleSchema = z.object({
  ticketId: z.string(),
  reference: z.string(),
  eTicket: eTicketSchema,
  /** What tickets.payment_method says: 'Cash', 'Card' or 'Bank Transfer'. */
  paymentMethod: z.string(),
  transferReference: z.string().nullable(),
  totalAmount: z.string(),
  currency: z.string(),
  /** Cash only: what the passenger handed over, and the change given back. */
  received: z.string().nullable(),
  change: z.string().nullable(),
  passengerEmail: z.string().nullable(),
  soldAt: z.string(),
  soldBy: z.string(),
  /** Whether the signed-in person may void it now. */
  voidable: z.boolean(),
  ...saleVoid,
});
export type CounterSale = z.infer<typeof counterSaleSchema>;

export const counterSaleParamsSchema = z.object({ ticketId: uuid });
export const counterVoidSchema = z.object({
  reason: z.string().trim().min(3, { error: COUNTER_MSG.voidReasonRequired }).max(300),
});

// --- Shifts and cash-ups ----------------------------------------------------------------------

export const openShiftSchema = z.object({ floats: perCurrencySchema });
export const closeShiftSchema = z.object({
  counted: perCurrencySchema,
  note: z.string().trim().max(500).optional(),
});

/** Sales and voids of one payment method in one currency. */
export const cashUpLineSchema = z.object({
  method: z.string(),
  currency: z.string(),
  sales: z.number(),
  salesAmount: z.string(),
  voids: z.number(),
  voidsAmount: z.string(),
  net: z.string(),
});

/** The cash drawer in one currency: float plus cash kept, against what was counted. */
export const cashDrawerSchema = z.object({
  currency: z.string(),
  float: z.string(),
  cashIn: z.string(),
  expected: z.string(),
  counted: z.string().nullable(),
  difference: z.string().nullable(),
});

export const cashUpSaleSchema = z.object({
  ticketId: z.string(),
  reference: z.string(),
  passengerName: z.string(),
  soldAt: z.string(),
  paymentMethod: z.string(),
  currency: z.string(),
  totalAmount: z.string(),
  ...saleVoid,
  /** Someone of the party has boarded: the sale can no longer be voided. */
  boarded: z.boolean(),
});

export const cashUpSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  userName: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  lines: z.array(cashUpLineSchema),
  drawers: z.array(cashDrawerSchema),
  sales: z.array(cashUpSaleSchema),
  note: z.string().nullable(),
});
export type CashUp = z.infer<typeof cashUpSchema>;

/** `GET /api/admin/counter/shift`: the signed-in person's open shift, if any. */
export const currentShiftSchema = z.object({ shift: cashUpSchema.nullable() });

/** `GET /api/admin/cashups?date=`: every shift opened that day, in the operator's zone. */
export const cashUpsQuerySchema = z.object({ date: z.iso.date().optional() });
export const cashUpDaySchema = z.object({ date: z.string(), cashups: z.array(cashUpSchema) });
export const cashUpParamsSchema = z.object({ shiftId: uuid });
