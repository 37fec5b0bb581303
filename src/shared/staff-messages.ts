// The staff area's own texts (staff, roles, links, the audit trail, boarding). Kept apart from
// src/shared/messages.ts, which the public pages load: these never reach a passenger's phone.
export const STAFF_MSG = {
  forbidden: 'Your role does not allow this. Ask the owner if you need it.',
  accountInactive: 'This account has been deactivated. Ask the owner to reactivate it.',
  staffRoleRequired: 'Please choose a role',
  staffNothingToChange: 'Nothing to change',
  staffNotFound: 'This person is no longer on the staff list',
  staffExists: 'This person already has an account',
  invitationNotFound: 'This invitation no longer exists',
  invitationSent: (email: string) => `Invitation sent to ${email}`,
  lastOwner: 'The last owner cannot be removed or demoted. Make someone else an owner first.',
  linkInvalid: 'This link is not valid. Check that you opened the whole link from the e-mail.',
  linkUsed: 'This link has already been used. Ask the owner for a new one.',
  linkExpired: 'This link has expired. Ask the owner for a new one.',
  resetSent: (email: string) => `A password reset link was sent to ${email}`,
  signedOutEverywhere: 'Signed out on every device',
  bankOwnerOnly: 'Only an owner can change the bank accounts',
  boardingTodayOnly: 'Boarding is open for today’s departures only',
  auditDateInvalid: 'Dates must be written as YYYY-MM-DD',
} as const;
