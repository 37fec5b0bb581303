import type { Role } from '#shared/permissions.ts';

/** What each role may do, in a line (the full table: src/shared/permissions.ts). */
export const ROLE_SUMMARY: Record<Role, string> = {
  owner: 'Everything, including staff, bank accounts and settings.',
  office:
    'Bookings, slips, the timetable, launches, locations, banners, prices, texts, refunds and the audit trail.',
  counter: 'Sells and voids at the counter, boards passengers and closes their own cash-up.',
  crew: 'Boards passengers on today’s departures.',
};

export const staffTexts = {
  revoked: (email: string) => `The invitation to ${email} was revoked`,
  roleChanged: (email: string, role: string) => `${email} is now ${role}`,
  deactivated: (email: string) => `${email} was deactivated and signed out`,
  reactivated: (email: string) => `${email} can sign in again`,
};
