import { z } from 'zod';
import { MSG } from './messages/api.ts';
import { statementInvalidDetailsSchema, statementMappingRequiredDetailsSchema } from './statements.ts';

/*
 * The API's error shape (the HTTP API in docs/architecture.md) and the request rules whose failure has a
 * code of its own. Codes travel as data, never read back out of a message: a shared schema
 * marks a rule with `failsAs(code)`, its zod issue carries `params.code`, the server answers
 * `{error: {code, message}}`, and the web picks what to show by `error.code`.
 */

/**
 * Request rules with their own error code: the docs/product.md text each answers with and, when it is
 * not 400, the status. Any other invalid input is `validation_error` with
 * MSG.checkRequiredFields and the per-field texts under `fields`.
 */
export const PROBLEMS = {
  // E-mail verification (docs/product.md section 5 and 8).
  email_required: { message: MSG.emailRequired },
  invalid_email: { message: MSG.invalidEmail },
  invalid_code_format: { message: MSG.otpCodeFormat },
  // The admin's date filters (a one-field form: its own text is the message).
  invalid_date: { message: MSG.invalidTravelDate },
  // Trip search: From and To name the same place.
  same_place: { message: MSG.samePlace },
  // Booking submission (docs/product.md section 5), most basic first; docs/product.md section 10.3 for the count.
  slip_and_trip_required: { message: MSG.slipAndTripRequired },
  missing_passenger_info: { message: MSG.missingPassengerInfo },
  select_seats: { message: MSG.selectSeats },
  select_ticket: { message: MSG.selectTicket },
  too_many_seats: { message: MSG.tooManySeats },
  seat_count_mismatch: { message: MSG.seatCountMismatch },
  // The party (docs/decisions/035-every-person-named.md): infants on laps, every person named.
  too_many_infants: { message: MSG.tooManyInfants },
  persons_mismatch: { message: MSG.personsMismatch },
  contact_first: { message: MSG.contactFirst },
  // A ticket of a category that is neither built in nor an active concession (docs/decisions/036).
  unknown_fare_category: { message: MSG.unknownFareCategory },
  invalid_booking_session: { message: MSG.bookingSessionInvalid },
  idempotency_key_required: { message: MSG.idempotencyKeyRequired },
  // Sign-in and the password change.
  login_required: { message: MSG.loginRequired },
  current_password_required: { message: MSG.currentPasswordRequired },
  password_too_short: { message: MSG.passwordTooShort },
  // The catalogue's forms (docs/product.md section 5).
  schedule_basics: { message: MSG.scheduleBasics },
  schedule_stops: { message: MSG.scheduleStops },
  schedule_repeated_stop: { message: MSG.scheduleRepeatedStop },
  schedule_arrival_required: { message: MSG.scheduleArrivalRequired },
  schedule_arrival_order: { message: MSG.scheduleArrivalOrder },
  schedule_arrival_too_late: { message: MSG.scheduleArrivalTooLate },
  launch_required: { message: MSG.launchRequired },
  launch_seat_labels: { message: MSG.launchSeatLabels },
  location_required: { message: MSG.locationRequired },
  banner_placement_required: { message: MSG.bannerPlacement },
  price_invalid: { message: MSG.priceInvalid },
  rate_positive: { message: MSG.ratePositive },
  app_name_required: { message: MSG.appNameRequired },
  short_name_too_long: { message: MSG.shortNameTooLong },
  color_invalid: { message: MSG.colorInvalid },
  contact_phone_invalid: { message: MSG.contactPhoneInvalid },
  home_claims_too_many: { message: MSG.homeClaimsTooMany },
  home_claim_value: { message: MSG.homeClaimValue },
  home_claim_label: { message: MSG.homeClaimLabel },
  // An admin route's `:id` that is no id names nothing: the same 404 as an unknown one.
  ticket_not_found: { message: MSG.ticketNotFound, status: 404 },
  schedule_not_found: { message: MSG.scheduleNotFound, status: 404 },
  launch_not_found: { message: MSG.launchNotFound, status: 404 },
  location_not_found: { message: MSG.locationNotFound, status: 404 },
  banner_not_found: { message: MSG.bannerNotFound, status: 404 },
  // The operator's corrections of passenger texts (admin: Texts), which stays English. The
  // services answer text_invalid and text_placeholders with a message that names the problem.
  text_not_found: { message: 'There is no such text.', status: 404 },
  text_required: { message: 'Please enter a text. To show the default again, restore it.' },
  text_too_long: { message: 'A text can have at most 2000 characters.' },
  text_invalid: { message: 'This text is not valid: check its braces { } and its plural forms.' },
  text_placeholders: { message: 'The text must keep the placeholders and tags of the default text.' },
} as const satisfies Record<string, { message: string; status?: number }>;

export type ProblemCode = keyof typeof PROBLEMS;

/** An issue raised at the level of the schema checking it, not inside one of its fields or items. */
const isOwn = (issue: { path?: PropertyKey[] }) => (issue.path?.length ?? 0) === 0;

/**
 * A check that reports the failures of the schema it is added to, so far and not yet claimed by
 * another rule, as the rule `code`:
 * `z.string().trim().min(1).check(failsAs('email_required'))`. It runs even when the value has
 * the wrong type (so a missing field is that rule too) and puts one issue with the rule's text
 * and `params: {code}` first; the detailed issues stay behind it for `fields`. On an object or
 * array it answers for the value itself (missing, wrong type, too few), not for what is inside;
 * on a pipe, for its output side only, so the input side carries its own.
 */
export function failsAs(code: ProblemCode) {
  return z.superRefine<unknown>(
    (_value, ctx) => {
      ctx.addIssue({ code: 'custom', message: PROBLEMS[code].message, params: { code } });
      const issue = ctx.issues.pop();
      if (issue) ctx.issues.unshift(issue);
    },
    // The first rule to see a failure answers for it: `.min(1).check(failsAs(a)).max(9).check(failsAs(b))`.
    {
      when: (payload) => payload.issues.some(isOwn) && !payload.issues.some((i) => isOwn(i) && problemOf(i)),
    },
  );
}

/** Params for a refinement whose failure is the rule `code`: `.refine(ok, coded('select_ticket'))`. */
export const coded = (code: ProblemCode) => ({ error: PROBLEMS[code].message, params: { code } });

/** The rule a zod issue names, if it was raised by `failsAs` or a refinement with `params.code`. */
export function problemOf(issue: { code?: string; params?: unknown }): ProblemCode | undefined {
  const code = (issue.params as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && Object.hasOwn(PROBLEMS, code) ? (code as ProblemCode) : undefined;
}

/** Data that some errors carry beside their text, under `error` next to `code` and `message`. */
export const errorDetailsSchema = z.object({
  /** seats_unavailable, invalid_seats, seats_in_use: the labels concerned. */
  seats: z.array(z.string()).optional(),
  /** otp_cooldown, too_many_attempts: when to ask again. */
  retryAfterSeconds: z.number().optional(),
  /** too_many_tickets, email_hold_limit, pending_bookings_limit: the limit. */
  max: z.number().optional(),
  /** seat_hold_limit: how many more seats the address may hold. */
  more: z.number().optional(),
  /** schedule_in_use: the bookings that an edit would break. */
  activeBookings: z.number().optional(),
  /** credit_limit: what the partner may still book on account, and in which currency. */
  creditLeft: z.string().optional(),
  currency: z.string().optional(),
  /** statement_invalid: the first bad row of the file, its field and what is wrong. */
  ...statementInvalidDetailsSchema.partial().shape,
  /** statement_mapping_required: the CSV layout's header, a preview and the server's guess. */
  ...statementMappingRequiredDetailsSchema.partial().shape,
});
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;
