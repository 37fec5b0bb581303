// Fare categories as data (docs/decisions/036-fare-categories.md): the built-in adult, child and
// infant, and the operator's concessions (senior, student, ...). The contract of
// `GET /api/settings/public`'s `fares` and of /api/admin/fare-categories, and the party's rules
// that depend on the categories (seats, persons without a seat).
import { z } from 'zod';
import { FARE_CATEGORY_MSG } from './messages/staff.ts';
import {
  type FareCategoryPublic,
  INFANTS_PER_ADULT,
  publicSettingsSchema,
  TICKET_CATEGORIES,
  type TicketType,
} from './schemas.ts';

/** A concession's code: lowercase, 2 to 24 characters, a letter first. */
export const CATEGORY_CODE = /^[a-z][a-z0-9_]{1,23}$/;

export const PRICE_RULES = ['free', 'percent', 'price'] as const;
export type PriceRule = (typeof PRICE_RULES)[number];

export const isBuiltInCategory = (code: string) => (TICKET_CATEGORIES as readonly string[]).includes(code);

/** One category as the passenger's screens, the counter and the boarding devices read it. */
export const fareCategoryPublicSchema: z.ZodType<FareCategoryPublic> = z.object({
  code: z.string(),
  name: z.object({ en: z.string(), dv: z.string() }),
  /** Takes a seat of its own (an infant and a seatless concession travel on a lap or standing). */
  seat: z.boolean(),
  /** An ID must be shown at boarding (a concession's proof). */
  idRequired: z.boolean(),
  minAge: z.number().int().nullable(),
  maxAge: z.number().int().nullable(),
  /** Adult and child: 'price' (the price list or the pair's fare); infant: 'free' unless priced. */
  priceRule: z.enum(PRICE_RULES),
  /** With 'percent': how much off the adult fare of the same pair and type. */
  percentOff: z.string().nullable(),
});
export type { FareCategoryPublic };

/**
 * `GET /api/settings/public` with its `fares`: adult, child and infant first, then the active
 * concessions by their order. Declared here, not in schemas.ts, so the public first load does
 * not carry it (the web reads the type only).
 */
export const publicSettingsWithFaresSchema = publicSettingsSchema.extend({
  fares: z.array(fareCategoryPublicSchema),
  paymentMethods: z.array(z.enum(['bank_transfer', 'card'])),
});

/** A concession's stored definition, as the server prices and checks with it. */
export type Concession = {
  code: string;
  nameEn: string;
  nameDv: string;
  priceRule: PriceRule;
  percentOff: string | null;
  localPrice: string | null;
  foreignerPrice: string | null;
  seat: boolean;
  idRequired: boolean;
  minAge: number | null;
  maxAge: number | null;
  sort: number;
  active: boolean;
};

/** A category's unit prices on one pair, in each type's currency (local MVR, foreigner USD). */
export const categoryPriceSchema = z.object({
  code: z.string(),
  localPrice: z.string(),
  foreignerPrice: z.string(),
});
export type CategoryPrice = z.infer<typeof categoryPriceSchema>;

/** What the party's rules need to know of a category. */
export type CategoryRules = { code: string; seat: boolean };

/** The built-in categories' rules: adults and children take a seat, an infant does not. */
export const BUILT_IN_RULES: readonly CategoryRules[] = [
  { code: 'adult', seat: true },
  { code: 'child', seat: true },
  { code: 'infant', seat: false },
];

type Counted = { type: TicketType; category: string; quantity: number };
type Person = { category: string };

export type PartyProblem =
  | 'unknown_fare_category'
  | 'too_many_seats'
  | 'seat_count_mismatch'
  | 'too_many_infants'
  | 'contact_first';

/**
 * The party's rules that need the categories (docs/decisions/036): every code known (built in or
 * an active concession); one seat per person of a category that takes one; persons without a
 * seat (infants and seatless concessions) at most one per adult; the contact in a seat. The
 * first rule broken, in that order, or null.
 */
export function partyProblem(party: {
  tickets: readonly Counted[];
  seats: number;
  passengers?: readonly Person[] | undefined;
  categories: readonly CategoryRules[];
}): PartyProblem | null {
  const rules = new Map([...BUILT_IN_RULES, ...party.categories].map((c) => [c.code, c]));
  const codes = [...party.tickets.map((t) => t.category), ...(party.passengers ?? []).map((p) => p.category)];
  if (codes.some((code) => !rules.has(code))) return 'unknown_fare_category';
  let seated = 0;
  let seatless = 0;
  let adults = 0;
  for (const t of party.tickets) {
    if (rules.get(t.category)?.seat) seated += t.quantity;
    else seatless += t.quantity;
    if (t.category === 'adult') adults += t.quantity;
  }
  if (party.seats !== seated) return party.seats > seated ? 'too_many_seats' : 'seat_count_mismatch';
  if (seatless > adults * INFANTS_PER_ADULT) return 'too_many_infants';
  const first = party.passengers?.[0];
  if (first && !rules.get(first.category)?.seat) return 'contact_first';
  return null;
}

/** The persons of a party who take a seat, given the categories' rules. */
export function seatedPersons(tickets: readonly Counted[], categories: readonly CategoryRules[]): number {
  const seat = new Map([...BUILT_IN_RULES, ...categories].map((c) => [c.code, c.seat]));
  return tickets.reduce((n, t) => n + (seat.get(t.category) ? t.quantity : 0), 0);
}

// --- The admin API: /api/admin/fare-categories (permission prices.manage) ---

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const money = z
  .union([z.number(), z.string()], { error: FARE_CATEGORY_MSG.priceRequired })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(MONEY, { error: FARE_CATEGORY_MSG.priceRequired }));
const age = z
  .number({ error: FARE_CATEGORY_MSG.ageInvalid })
  .int({ error: FARE_CATEGORY_MSG.ageInvalid })
  .min(0, { error: FARE_CATEGORY_MSG.ageInvalid })
  .max(120, { error: FARE_CATEGORY_MSG.ageInvalid })
  .nullable()
  .default(null);
const name = z
  .string({ error: FARE_CATEGORY_MSG.nameRequired })
  .trim()
  .min(1, { error: FARE_CATEGORY_MSG.nameRequired })
  .max(60, { error: FARE_CATEGORY_MSG.nameTooLong });

/** The fields of a concession as the office edits them (the code is the URL's on a PUT). */
export const fareCategoryFieldsSchema = z
  .object({
    nameEn: name,
    nameDv: name,
    priceRule: z.enum(PRICE_RULES, { error: FARE_CATEGORY_MSG.ruleRequired }),
    percentOff: z
      .union([z.number(), z.string()], { error: FARE_CATEGORY_MSG.percentInvalid })
      .transform((v) => String(v).trim())
      .pipe(
        z
          .string()
          .regex(/^\d{1,3}(\.\d{1,2})?$/, { error: FARE_CATEGORY_MSG.percentInvalid })
          .refine((v) => Number(v) >= 1 && Number(v) <= 100, { error: FARE_CATEGORY_MSG.percentInvalid }),
      )
      .nullable()
      .default(null),
    localPrice: money.nullable().default(null),
    foreignerPrice: money.nullable().default(null),
    seat: z.boolean().default(true),
    idRequired: z.boolean().default(false),
    minAge: age,
    maxAge: age,
    sort: z.number().int().min(0).max(10_000).default(0),
    active: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.priceRule === 'percent' && v.percentOff === null)
      fail('percentOff', FARE_CATEGORY_MSG.percentInvalid);
    if (v.priceRule === 'price') {
      if (v.localPrice === null) fail('localPrice', FARE_CATEGORY_MSG.priceRequired);
      if (v.foreignerPrice === null) fail('foreignerPrice', FARE_CATEGORY_MSG.priceRequired);
    }
    if (v.minAge !== null && v.maxAge !== null && v.minAge > v.maxAge)
      fail('maxAge', FARE_CATEGORY_MSG.ageOrder);
  });

export const fareCategoryCodeSchema = z
  .string({ error: FARE_CATEGORY_MSG.codeInvalid })
  .trim()
  .regex(CATEGORY_CODE, { error: FARE_CATEGORY_MSG.codeInvalid })
  .refine((code) => !isBuiltInCategory(code), { error: FARE_CATEGORY_MSG.codeBuiltIn });

/** `POST /api/admin/fare-categories`. */
export const fareCategoryCreateSchema = z
  .object({ code: fareCategoryCodeSchema })
  .and(fareCategoryFieldsSchema);
export type FareCategoryCreate = z.input<typeof fareCategoryCreateSchema>;
export type FareCategoryFields = z.output<typeof fareCategoryFieldsSchema>;

export const fareCategoryParamsSchema = z.object({ code: z.string().max(40) });

/** A concession as the office lists it. */
export const fareCategoryAdminSchema = z.object({
  code: z.string(),
  nameEn: z.string(),
  nameDv: z.string(),
  priceRule: z.enum(PRICE_RULES),
  percentOff: z.string().nullable(),
  localPrice: z.string().nullable(),
  foreignerPrice: z.string().nullable(),
  seat: z.boolean(),
  idRequired: z.boolean(),
  minAge: z.number().nullable(),
  maxAge: z.number().nullable(),
  sort: z.number(),
  active: z.boolean(),
});
export type FareCategoryAdmin = z.infer<typeof fareCategoryAdminSchema>;

export const fareCategoryListSchema = z.object({ categories: z.array(fareCategoryAdminSchema) });

/** A delete's outcome: gone, or kept deactivated because bookings use it. */
export const fareCategoryDeletedSchema = z.object({ outcome: z.enum(['deleted', 'deactivated']) });

const formText = z.string().trim();
const formAge = formText.refine((v) => v === '' || (/^\d{1,3}$/.test(v) && Number(v) <= 120), {
  error: FARE_CATEGORY_MSG.ageInvalid,
});
const formMoney = formText.refine((v) => v === '' || MONEY.test(v), {
  error: FARE_CATEGORY_MSG.priceRequired,
});

/** The Payments screen's form for one concession: texts as typed, checked as the API checks them. */
export const fareCategoryFormSchema = z
  .object({
    code: formText,
    nameEn: name,
    nameDv: name,
    priceRule: z.enum(PRICE_RULES, { error: FARE_CATEGORY_MSG.ruleRequired }),
    percentOff: formText,
    localPrice: formMoney,
    foreignerPrice: formMoney,
    seat: z.boolean(),
    idRequired: z.boolean(),
    minAge: formAge,
    maxAge: formAge,
    active: z.boolean(),
  })
  .superRefine((v, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!CATEGORY_CODE.test(v.code)) fail('code', FARE_CATEGORY_MSG.codeInvalid);
    else if (isBuiltInCategory(v.code)) fail('code', FARE_CATEGORY_MSG.codeBuiltIn);
    if (v.priceRule === 'percent') {
      const n = Number(v.percentOff);
      if (!/^\d{1,3}(\.\d{1,2})?$/.test(v.percentOff) || n < 1 || n > 100)
        fail('percentOff', FARE_CATEGORY_MSG.percentInvalid);
    }
    if (v.priceRule === 'price') {
      if (v.localPrice === '') fail('localPrice', FARE_CATEGORY_MSG.priceRequired);
      if (v.foreignerPrice === '') fail('foreignerPrice', FARE_CATEGORY_MSG.priceRequired);
    }
    if (v.minAge !== '' && v.maxAge !== '' && Number(v.minAge) > Number(v.maxAge))
      fail('maxAge', FARE_CATEGORY_MSG.ageOrder);
  });
export type FareCategoryForm = z.input<typeof fareCategoryFormSchema>;

/** The API's body for what the form holds (the code goes in the URL of a change). */
export function fareCategoryBody(form: z.output<typeof fareCategoryFormSchema>, sort: number) {
  const orNull = (v: string) => (v === '' ? null : v);
  const age = (v: string) => (v === '' ? null : Number(v));
  return {
    nameEn: form.nameEn,
    nameDv: form.nameDv,
    priceRule: form.priceRule,
    percentOff: form.priceRule === 'percent' ? orNull(form.percentOff) : null,
    localPrice: form.priceRule === 'price' ? orNull(form.localPrice) : null,
    foreignerPrice: form.priceRule === 'price' ? orNull(form.foreignerPrice) : null,
    seat: form.seat,
    idRequired: form.idRequired,
    minAge: age(form.minAge),
    maxAge: age(form.maxAge),
    sort,
    active: form.active,
  };
}
