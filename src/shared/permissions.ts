// Staff roles and what each may do (docs/decisions/022-staff-roles.md). The server enforces
// these on every admin route (routes/admin/index.ts); the admin screens read the same table to
// show only what a role may use.

export const ROLES = ['owner', 'office', 'counter', 'crew'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  office: 'Office',
  counter: 'Counter',
  crew: 'Crew',
};

/**
 * Every permission, with what it allows. Some belong to screens still to come (boarding,
 * counter sales, cash-ups, disruptions, refunds): they are declared now, so those screens are
 * built on them rather than on a role's name.
 */
export const PERMISSIONS = {
  'dashboard.read': 'See the dashboard',
  'events.read': 'Receive live updates of bookings and trips',
  'tickets.read': 'Read bookings, their passengers and their history',
  'tickets.review': 'Approve, reject, mark, delete and bulk reject bookings',
  'slips.read': 'See payment slips',
  'timetable.manage': 'Run the timetable: schedules, trips and their status',
  'launches.manage': 'Manage launches',
  'locations.manage': 'Manage locations',
  'banners.manage': 'Manage banners',
  'prices.manage': 'Set ticket prices and the exchange rate',
  'branding.manage': 'Change the branding and contact details',
  'texts.manage': 'Correct passenger texts',
  'disruptions.manage': 'Delay, cancel or move a departure',
  'refunds.manage': 'Work the refunds queue',
  'payments.reconcile': 'Import bank statements and match their payments with bookings',
  'partners.manage': 'Manage partner accounts (resorts, agents), their credit and their payments',
  'reports.read': 'Read the reports: load factor, revenue, what is owed, no-shows and cancellations',
  'reports.mail': 'Receive the daily summary e-mail, when one turns it on',
  'audit.read': 'Read the audit trail',
  'cashups.all': 'Read and close every cash-up',
  'cashups.own': 'Read and close one’s own cash-up',
  'counter.sell': 'Sell at the counter for any future departure',
  'counter.void': 'Void counter sales',
  'boarding.board': 'Board passengers',
  'boarding.close': 'Close and reopen boarding',
  'boarding.override': 'Mark a passenger who boarded a no-show, with a reason',
  'manifests.read': 'Read the manifest of any departure',
  'manifests.near': 'Read the manifests of today’s and tomorrow’s departures',
  'staff.manage': 'Invite staff, change roles, deactivate and reset passwords',
  'bank.manage': 'Change the bank accounts passengers pay into',
  'settings.manage': 'Change the operator’s settings',
} as const satisfies Record<string, string>;
export type Permission = keyof typeof PERMISSIONS;

const OFFICE: readonly Permission[] = [
  'dashboard.read',
  'events.read',
  'tickets.read',
  'tickets.review',
  'slips.read',
  'timetable.manage',
  'launches.manage',
  'locations.manage',
  'banners.manage',
  'prices.manage',
  'branding.manage',
  'texts.manage',
  'disruptions.manage',
  'refunds.manage',
  'payments.reconcile',
  'partners.manage',
  'reports.read',
  'audit.read',
  'cashups.all',
  'manifests.read',
  'boarding.override',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  office: OFFICE,
  counter: [
    'counter.sell',
    'counter.void',
    'cashups.own',
    'boarding.board',
    'boarding.close',
    'manifests.near',
  ],
  // Boarding and closing boarding for today's departures only: the boarding routes check the date.
  crew: ['boarding.board', 'boarding.close'],
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}

/** A route's requirement: one permission, or any one of several. */
export type PermissionRule = Permission | readonly Permission[];

export function allows(role: Role, rule: PermissionRule): boolean {
  return [rule].flat().some((p) => can(role, p));
}

/** Where each role starts after signing in. */
export const FIRST_SCREEN: Record<Role, string> = {
  owner: '/admin/dashboard',
  office: '/admin/dashboard',
  counter: '/admin/counter',
  crew: '/admin/boarding',
};
