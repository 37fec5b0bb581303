// The admin side of the HTTP API (ARCHITECTURE.md section 3): request schemas shared by the
// server and the admin screens, and the shapes of the responses. The web imports types and
// request schemas only from here, never server code.
import { z } from 'zod';
import {
  MARKED_STATUSES,
  type MarkedStatus,
  PASSWORD_MIN_LENGTH,
  type PaymentStatus,
  SCHEDULE_STATUSES,
  type TicketStatus,
} from './constants.ts';
import { MSG } from './messages.ts';

// --- Accounts and sessions --------------------------------------------------------------

export const loginRequestSchema = z.object({
  email: z.string({ error: MSG.loginRequired }).trim().min(1, { error: MSG.loginRequired }).max(320),
  password: z.string({ error: MSG.loginRequired }).min(1, { error: MSG.loginRequired }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: MSG.currentPasswordRequired })
    .min(1, { error: MSG.currentPasswordRequired })
    .max(1024),
  newPassword: z
    .string({ error: MSG.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, { error: MSG.passwordTooShort })
    .max(1024),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

export type AdminUser = {
  id: string;
  email: string;
  username: string;
  /** 'Administrator' */
  role: string;
};

/** `GET /api/auth/me` and `POST /api/auth/login`: `user` is null when nobody is signed in. */
export type AuthMe = { user: AdminUser | null };

/** `GET /api/auth/demo-credentials`: the login hint, only while the demo admin keeps its demo password. */
export type DemoCredentials = { demo: { email: string; password: string } | null };

/**
 * `GET /api/client-info`. `geolocation` says why city/region/country may be null:
 * 'hidden' when no provider is configured or the IP is private/unknown, 'failed' when the
 * provider errored ('Hidden' / 'Detection Failed' on the login panel).
 */
export type ClientInfo = {
  ip: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  geolocation: 'found' | 'hidden' | 'failed';
};

// --- Tickets -----------------------------------------------------------------------------

export const TICKET_TABS = ['pending', 'approved', 'rejected'] as const;
export type TicketTab = (typeof TICKET_TABS)[number];
export type { MarkedStatus, PaymentStatus, TicketStatus };
export { MARKED_STATUSES, SCHEDULE_STATUSES };

export const ticketListQuerySchema = z.object({
  status: z.enum(TICKET_TABS).optional(),
  date: z.iso.date({ error: MSG.invalidTravelDate }).optional(),
  /** Substring of the payment reference, case-insensitive. */
  q: z.string().trim().max(40).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketIdParamsSchema = z.object({ id: z.uuid({ error: MSG.ticketNotFound }) });
export const rejectTicketSchema = z.object({ remarks: z.string().trim().max(1000).optional() });
export const markTicketSchema = z.object({ status: z.enum(MARKED_STATUSES) });

export type NamedRef = { id: string; name: string };
export type AdminStop = { stopOrder: number; name: string; departureTime: string | null };

export type AdminTicket = {
  id: string;
  reference: string;
  scheduleId: string;
  travelDate: string;
  passengerName: string;
  passengerEmail: string;
  passengerPhone: string | null;
  passengerNationality: string;
  adultCount: number;
  childCount: number;
  /** Decimal string, 2 places, in `currency`. */
  totalAmount: string;
  currency: 'USD' | 'MVR';
  exchangeRate: string;
  paymentMethod: string;
  /** The account the passenger was shown, for checking the slip against. */
  bankAccount: { bankName: string; accountHolder: string; accountNumber: string };
  ticketBreakdown: {
    type: 'local' | 'foreigner';
    category: 'adult' | 'child';
    quantity: number;
    price: string;
  }[];
  seatNumbers: string[];
  launch: NamedRef | null;
  ticketStatus: TicketStatus;
  paymentStatus: PaymentStatus;
  markedStatus: MarkedStatus | null;
  remarks: string | null;
  hasSlip: boolean;
  /** The passenger's From and To; null when the location is gone ('Unknown Location'). */
  from: NamedRef | null;
  to: NamedRef | null;
  passengerDepartureTime: string | null;
  schedule: { departureTime: string; status: string; stops: AdminStop[] };
  createdAt: string;
  approvedAt: string | null;
};

/** `GET /api/admin/tickets`: counts per tab under the same date and q filters. */
export type TicketList = { tickets: AdminTicket[]; counts: Record<TicketTab, number> };

export type Dashboard = {
  pendingTickets: number;
  approvedToday: number;
  todaysTrips: number;
  activeLaunches: number;
  recentTickets: AdminTicket[];
};

/** Data of the `ticket` event on `GET /api/admin/events`. */
export type TicketEvent = { type: 'created' | 'updated' | 'deleted'; ticketId: string };
/** Data of the `schedule` event on `GET /api/admin/events`. */
export type ScheduleEvent = { type: 'created' | 'updated' | 'deleted'; scheduleId: string };

// --- Trips (ticketing) -------------------------------------------------------------------

export const tripListQuerySchema = z.object({ date: z.iso.date({ error: MSG.invalidTravelDate }) });
export const scheduleIdParamsSchema = z.object({ id: z.uuid({ error: MSG.scheduleNotFound }) });
export const scheduleStatusSchema = z.object({ status: z.enum(SCHEDULE_STATUSES) });

export type AdminTrip = {
  scheduleId: string;
  travelDate: string;
  status: string;
  completedAt: string | null;
  /** The schedule's departure (its first stop). */
  departureTime: string;
  /** First and last stop. */
  from: NamedRef | null;
  to: NamedRef | null;
  stops: AdminStop[];
  launches: NamedRef[];
  /** Adults plus children of the trip's confirmed tickets. */
  passengerCount: number;
};

export type TripPassenger = {
  ticketId: string;
  reference: string;
  name: string;
  phone: string | null;
  nationality: string;
  from: NamedRef | null;
  to: NamedRef | null;
  departureTime: string | null;
  seatNumbers: string[];
  launch: NamedRef | null;
  adultCount: number;
  childCount: number;
  markedStatus: MarkedStatus | null;
};

/** `GET /api/admin/trips/:scheduleId/passengers` */
export type TripPassengers = { trip: AdminTrip; passengers: TripPassenger[] };
