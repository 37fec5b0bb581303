import { z } from 'zod';
import { MARKED_STATUSES, TICKET_STATUSES, type TicketStatus } from './constants.ts';
import type { ETicketClaims } from './e-ticket-code.ts';
import { STAFF_MSG } from './messages/staff.ts';

/*
 * Boarding at the jetty (docs/decisions/024-offline-boarding.md): the departure's manifest a
 * boarding device keeps, the boardings it sends, and the rules both the device (offline) and
 * the server apply. Admin only: nothing here reaches the public bundle.
 */

// --- The manifest a device keeps ------------------------------------------------------------

/** What boarding needs of a booking, and no more: never an e-mail, a phone or a nationality. */
export const manifestPassengerSchema = z.object({
  ticketId: z.string(),
  reference: z.string(),
  name: z.string(),
  seats: z.array(z.string()),
  adults: z.number(),
  children: z.number(),
  /**
   * Infants on an adult's lap (docs/decisions/035-every-person-named.md): counted on board, no
   * seat. Absent from a manifest a device kept from before: none.
   */
  infants: z.number().optional(),
  /** Every person named, the contact first: their name and category only. */
  persons: z.array(z.object({ name: z.string(), category: z.string() })).optional(),
  /**
   * The party's persons of the operator's concessions (docs/decisions/036-fare-categories.md):
   * each category with its names and whether an ID must be shown. Absent: none.
   */
  concessions: z
    .array(
      z.object({
        code: z.string(),
        name: z.object({ en: z.string(), dv: z.string() }),
        count: z.number(),
        idRequired: z.boolean(),
      }),
    )
    .optional(),
  /** A person of the party must show an ID before boarding (a concession that needs one). */
  idRequired: z.boolean().optional(),
  /** The persons of the party nobody named. */
  unnamed: z.number().optional(),
  /** Positions on the departure's route (0 is the first stop). */
  fromStop: z.number(),
  toStop: z.number(),
  /**
   * The booking's launch, as its place in the manifest's `launches` (null: a launch the departure
   * no longer runs with): seat 1A of one launch is not seat 1A of another.
   */
  launch: z.number().nullable(),
  status: z.enum(TICKET_STATUSES),
  marked: z.enum(MARKED_STATUSES).nullable(),
  /** The e-ticket code's current version: a code with a lower one is superseded. */
  version: z.number(),
  /** How many of the party are on board. */
  boarded: z.number(),
  /** The first boarding that counted: when (device time) and on which device. */
  firstBoarding: z.object({ at: z.string(), deviceId: z.string() }).nullable(),
});
export type ManifestPassenger = z.infer<typeof manifestPassengerSchema>;

export const manifestStopSchema = z.object({
  position: z.number(),
  name: z.string(),
  departureTime: z.string().nullable(),
  closure: z
    .object({
      at: z.string(),
      by: z.string(),
      crew: z.number().nullable(),
      noShows: z.number(),
      countedOff: z.number(),
      passengersAboard: z.number(),
    })
    .nullable(),
});
export type ManifestStop = z.infer<typeof manifestStopSchema>;

/** Why a code no longer boards on a departure the booking left. */
export const REVOKE_REASONS = ['rebooked', 'moved', 'deleted'] as const;
export type RevokeReason = (typeof REVOKE_REASONS)[number];

/** `GET /api/admin/boarding/:scheduleId/manifest` */
export const boardingManifestSchema = z.object({
  scheduleId: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  /**
   * The departure as an instant, worked out on the server in the operator's time zone: the
   * device wipes its copy 24 hours after it, whatever the device's own time zone.
   */
  departsAt: z.iso.datetime({ offset: true }),
  launches: z.array(z.string()),
  stops: z.array(manifestStopSchema),
  /** The operator's public keys: a device checks codes with these and no network. */
  keys: z.array(z.object({ keyId: z.string(), publicKey: z.string() })),
  passengers: z.array(manifestPassengerSchema),
  /**
   * Codes of bookings that left this departure (rebooked, moved, deleted): a code of this ticket
   * at this version or lower scans red here. Ticket ids and versions only, no personal data.
   */
  revoked: z.array(z.object({ ticketId: z.string(), version: z.number(), reason: z.enum(REVOKE_REASONS) })),
  generatedAt: z.string(),
});
export type BoardingManifest = z.infer<typeof boardingManifestSchema>;

// --- Boardings sent by a device -----------------------------------------------------------

export const MAX_SYNC_BOARDINGS = 500;

export const boardingSchema = z.object({
  /** Made by the device: sending the same boarding again changes nothing. */
  id: z.uuid(),
  ticketId: z.uuid(),
  scheduleId: z.uuid(),
  stop: z.number().int().min(0).max(255),
  persons: z.number().int().min(1).max(255),
  /** An amber result boarded with the second, deliberate tap. */
  deliberate: z.boolean(),
  deviceTime: z.iso.datetime({ offset: true }),
});
export type Boarding = z.infer<typeof boardingSchema>;

/** `POST /api/admin/boarding/sync` */
export const boardingSyncSchema = z.object({
  deviceId: z.string().min(8).max(64),
  boardings: z.array(boardingSchema).min(1).max(MAX_SYNC_BOARDINGS),
});

export const BOARDING_OUTCOMES = ['boarded', 'conflict', 'refused'] as const;
export type BoardingOutcome = (typeof BOARDING_OUTCOMES)[number];

export const boardingResultSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  outcome: z.enum(BOARDING_OUTCOMES),
  /** How many of the asked persons boarded (fewer than asked in a conflict). */
  accepted: z.number(),
  /** For a conflict: the boarding that came first. */
  firstBoarding: z.object({ at: z.string(), deviceId: z.string() }).nullable(),
});
export type BoardingResult = z.infer<typeof boardingResultSchema>;
export const boardingSyncResultSchema = z.object({ results: z.array(boardingResultSchema) });

export const closeBoardingSchema = z.object({ crew: z.number().int().min(0).max(99).optional() });

/** `POST /api/admin/boarding/:scheduleId/stops/:stop/reopen` */
export const reopenBoardingSchema = z.object({
  reason: z.string().trim().min(3, { error: STAFF_MSG.reopenReasonRequired }).max(300),
});

/**
 * The device of a boarding marked by hand ("present" on the boarding screen or the ticket card),
 * kept among the boardings so it counts as one (no device of a crew member is named so).
 */
export const BY_HAND_DEVICE = 'by-hand';

// --- Persons on board -----------------------------------------------------------------------

/**
 * A booking's whole party: adults, children, infants (who take no seat but are on board) and the
 * persons of a concession (docs/decisions/036-fare-categories.md).
 */
export const partyOf = (p: Pick<ManifestPassenger, 'adults' | 'children' | 'infants' | 'concessions'>) =>
  p.adults + p.children + (p.infants ?? 0) + (p.concessions ?? []).reduce((n, c) => n + c.count, 0);

export type LegCount = { from: number; to: number; passengers: number; crew: number };

/**
 * Persons on board per leg (stop i to stop i+1): passengers boarded whose trip covers the leg,
 * and the crew entered at the first stop. `extra` adds boardings a device has not sent yet.
 */
export function personsOnBoard(
  manifest: Pick<BoardingManifest, 'stops' | 'passengers'>,
  extra: ReadonlyMap<string, number> = new Map(),
): LegCount[] {
  const crew = manifest.stops[0]?.closure?.crew ?? 0;
  const legs: LegCount[] = [];
  for (let i = 0; i + 1 < manifest.stops.length; i++) {
    let passengers = 0;
    for (const p of manifest.passengers) {
      if (p.status !== 'confirmed' || p.fromStop > i || p.toStop <= i) continue;
      passengers += Math.min(partyOf(p), p.boarded + (extra.get(p.ticketId) ?? 0));
    }
    legs.push({ from: i, to: i + 1, passengers, crew });
  }
  return legs;
}

// --- Who boards and who gets off at a stop ---------------------------------------------------

export type StopPassengers = {
  /** Approved bookings whose From is the stop. */
  boarding: ManifestPassenger[];
  /** Approved bookings whose To is the stop: their seats are free from there on. */
  alighting: ManifestPassenger[];
};

/**
 * Who boards at a stop and who gets off there, worked out on the device from the kept manifest
 * (so offline too). A seat sold per leg (docs/decisions/032) changes hands at a stop: one
 * passenger gets off and another boards onto it.
 */
export function stopPassengers(manifest: Pick<BoardingManifest, 'passengers'>, stop: number): StopPassengers {
  const approved = manifest.passengers.filter((p) => p.status === 'confirmed');
  return {
    boarding: approved.filter((p) => p.fromStop === stop),
    alighting: approved.filter((p) => p.toStop === stop),
  };
}

/**
 * What becomes of a seat of a passenger getting off at a stop: taken there by a passenger who
 * boards onto it (same launch and seat), or free from there on.
 */
export function seatHandOver(
  stop: StopPassengers,
  leaving: ManifestPassenger,
  seat: string,
): ManifestPassenger | null {
  const launch = leaving.launch ?? null;
  return stop.boarding.find((p) => (p.launch ?? null) === launch && p.seats.includes(seat)) ?? null;
}

// --- What a scan or a typed reference shows -------------------------------------------------

export type ScanColour = 'green' | 'amber' | 'red';

export type ScanReason =
  | 'ok'
  | 'bad_code'
  | 'superseded'
  | 'rejected'
  | 'cancelled'
  | 'cancelled_by_operator'
  | 'cancelled_by_passenger'
  | 'completed'
  | 'voided'
  | 'not_approved'
  | RevokeReason
  | 'already_boarded'
  | 'wrong_stop'
  | 'wrong_date'
  | 'wrong_departure'
  | 'not_in_manifest'
  | 'typed'
  /** A concession of the party needs an ID shown (docs/decisions/036): a second tap boards. */
  | 'id_required';

export type ScanVerdict = {
  colour: ScanColour;
  reason: ScanReason;
  /** The passenger as the manifest (or, when not in it yet, the signed code) knows them. */
  passenger: ManifestPassenger | null;
  /** How many of the party may still board. */
  remaining: number;
};

const RED_MARKS = new Set(['cancelled', 'refunded']);

/** Every status but `confirmed` scans red, each with its own reason. */
const STATUS_REASONS: Record<Exclude<TicketStatus, 'confirmed'>, ScanReason> = {
  pending: 'not_approved',
  awaiting_card: 'not_approved',
  cancelled: 'rejected',
  completed: 'completed',
  voided: 'voided',
  cancelled_by_operator: 'cancelled_by_operator',
  cancelled_by_passenger: 'cancelled_by_passenger',
};

/**
 * The colour of a scan at `stop`: green boards with one tap, amber with a second deliberate
 * one, red never. `claims` is a code whose signature checked; null for a typed reference (always
 * amber at best: a guessed reference never boards without a look at ID). `pending` counts this
 * device's boardings not yet sent.
 */
export function judgeScan(opts: {
  manifest: Pick<BoardingManifest, 'scheduleId' | 'travelDate' | 'passengers' | 'revoked'>;
  stop: number;
  claims: ETicketClaims | null;
  passenger: ManifestPassenger | null;
  pending: number;
}): ScanVerdict {
  const { manifest, stop, claims, pending } = opts;
  let passenger = opts.passenger;
  if (claims && !passenger) {
    if (claims.scheduleId !== manifest.scheduleId) {
      return { colour: 'amber', reason: 'wrong_departure', passenger: null, remaining: 0 };
    }
    if (claims.travelDate !== manifest.travelDate) {
      return { colour: 'amber', reason: 'wrong_date', passenger: null, remaining: 0 };
    }
    // The booking left this departure (rebooked, moved, deleted): its old code is void here.
    const revoked = manifest.revoked
      .filter((r) => r.ticketId === claims.ticketId && claims.version <= r.version)
      .at(-1);
    if (revoked) return { colour: 'red', reason: revoked.reason, passenger: null, remaining: 0 };
    // A valid code for a booking the device has not heard of yet (a late sale or approval).
    passenger = {
      ticketId: claims.ticketId,
      reference: '',
      name: '',
      seats: claims.seats,
      adults: claims.adults,
      children: claims.children,
      infants: claims.infants ?? 0,
      // A format-2 code names its concessions by code: the device has no names for them yet.
      concessions: (claims.concessions ?? []).map((c) => ({
        code: c.code,
        name: { en: c.code, dv: c.code },
        count: c.count,
        idRequired: true,
      })),
      idRequired: (claims.concessions?.length ?? 0) > 0,
      fromStop: claims.fromStop,
      toStop: claims.toStop,
      launch: null,
      status: 'confirmed',
      marked: null,
      version: claims.version,
      boarded: 0,
      firstBoarding: null,
    };
    const remaining = partyOf(passenger) - pending;
    return { colour: 'amber', reason: 'not_in_manifest', passenger, remaining: Math.max(0, remaining) };
  }
  if (!passenger) return { colour: 'red', reason: 'bad_code', passenger: null, remaining: 0 };
  const remaining = Math.max(0, partyOf(passenger) - passenger.boarded - pending);
  const red = (reason: ScanReason): ScanVerdict => ({ colour: 'red', reason, passenger, remaining: 0 });
  const amber = (reason: ScanReason): ScanVerdict => ({ colour: 'amber', reason, passenger, remaining });
  // The status first: "cancelled by the passenger" tells the crew more than "a newer code".
  if (passenger.status !== 'confirmed') return red(STATUS_REASONS[passenger.status]);
  if (passenger.marked && RED_MARKS.has(passenger.marked)) return red('cancelled');
  if (claims && claims.version < passenger.version) return red('superseded');
  if (claims && claims.travelDate !== manifest.travelDate) return amber('wrong_date');
  if (remaining === 0) return { colour: 'amber', reason: 'already_boarded', passenger, remaining };
  if (passenger.fromStop !== stop) return amber('wrong_stop');
  // A concession that needs an ID shown: amber, boarded by a second, deliberate tap (decision 036).
  if (passenger.idRequired) return amber('id_required');
  if (!claims) return amber('typed');
  return { colour: 'green', reason: 'ok', passenger, remaining };
}

/** `GET /api/admin/trips/:scheduleId/on-board`: persons on board per leg, for Ticketing. */
export const tripOnBoardSchema = z.object({
  legs: z.array(z.object({ from: z.string(), to: z.string(), passengers: z.number(), crew: z.number() })),
  stops: z.array(manifestStopSchema),
  /** Bookings still pending: listed for the office, never boarded. */
  pending: z.array(z.object({ reference: z.string(), name: z.string() })),
});
export type TripOnBoard = z.infer<typeof tripOnBoardSchema>;
