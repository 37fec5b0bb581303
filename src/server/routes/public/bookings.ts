import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/errors.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import { bookingRequestHash, createBooking } from '#server/services/create-booking.ts';
import { lookupBooking } from '#server/services/lookup-booking.ts';
import { MSG } from '#shared/messages.ts';
import {
  BOOKING_SESSION_HEADER,
  type BookingInput,
  bookingRequestSchema,
  bookingSessionSchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
} from '#shared/schemas.ts';

// SPEC.md section 5's submit messages, most basic first: the client shows the first that applies.
const SUBMIT_PROBLEMS: ReadonlyArray<[message: string, code: string]> = [
  [MSG.slipAndTripRequired, 'slip_and_trip_required'],
  [MSG.missingPassengerInfo, 'missing_passenger_info'],
  [MSG.selectSeats, 'select_seats'],
  [MSG.selectTicket, 'select_ticket'],
  [MSG.tooManySeats, 'too_many_seats'],
  [MSG.seatCountMismatch, 'seat_count_mismatch'],
];

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function readMultipart(req: FastifyRequest): Promise<{ bookingText?: string; slip?: Buffer }> {
  const out: { bookingText?: string; slip?: Buffer } = {};
  if (!req.isMultipart()) return out;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      // Read in full even when unused: the stream has to be drained for parsing to go on.
      const buffer = await part.toBuffer();
      if (part.fieldname === 'slip' && buffer.length > 0) out.slip = buffer;
    } else if (part.fieldname === 'booking' && typeof part.value === 'string') {
      out.bookingText = part.value;
    }
  }
  return out;
}

function parseBooking(bookingText: string | undefined, hasSlip: boolean): BookingInput {
  if (!hasSlip || bookingText === undefined) {
    throw new AppError('slip_and_trip_required', MSG.slipAndTripRequired, 400);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(bookingText);
  } catch {
    throw new AppError('validation_error', MSG.checkRequiredFields, 400, {
      fields: { booking: 'Invalid JSON' },
    });
  }
  const parsed = bookingRequestSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const messages = new Set(parsed.error.issues.map((i) => i.message));
  const [message, code] = SUBMIT_PROBLEMS.find(([m]) => messages.has(m)) ?? [
    MSG.checkRequiredFields,
    'validation_error',
  ];
  throw new AppError(code, message, 400, { fields });
}

export default async function bookingRoutes(app: FastifyInstance) {
  const { config, database, storage, clock } = app.deps;

  app.post('/api/bookings', { config: routeLimit(config, 'bookingSubmit') }, async (req, reply) => {
    const keyResult = idempotencyKeySchema.safeParse(header(req, IDEMPOTENCY_KEY_HEADER));
    if (!keyResult.success) throw new AppError('idempotency_key_required', MSG.idempotencyKeyRequired, 400);
    const sessionResult = bookingSessionSchema.safeParse(header(req, BOOKING_SESSION_HEADER));
    if (!sessionResult.success) throw new AppError('invalid_booking_session', MSG.bookingSessionInvalid, 400);

    const { bookingText, slip } = await readMultipart(req);
    const input = parseBooking(bookingText, Boolean(slip));
    if (!slip || bookingText === undefined)
      throw new AppError('slip_and_trip_required', MSG.slipAndTripRequired);

    const result = await createBooking({
      db: database.db,
      storage,
      clock,
      tzOperator: config.tzOperator,
      input,
      slip,
      session: sessionResult.data,
      idempotencyKey: keyResult.data,
      requestHash: bookingRequestHash(bookingText, slip),
    });
    if (!result.replayed) app.deps.mailer?.kick();
    reply.header('Cache-Control', 'no-store');
    return reply.status(result.statusCode).send(result.body);
  });

  app.get<{ Params: { reference: string } }>(
    '/api/bookings/:reference',
    { config: routeLimit(config, 'lookup') },
    async (req, reply) => {
      // A passenger refreshing their booking, or many at once, shares one read per second;
      // every write on this instance (an approval, a mark) clears it first, as for trip search.
      const reference = normalizeReference(req.params.reference);
      const view = await app.deps.bookingLookupCache.get(reference, () =>
        lookupBooking({ db: database.db, reference }),
      );
      reply.header('Cache-Control', 'no-store');
      return view;
    },
  );
}
