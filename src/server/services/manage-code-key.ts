import { MANAGE_KEY_PREFIX } from './send-email-code.ts';

/** Longer than any reference the product makes; longer input cannot match and is not queried. */
export const MAX_REFERENCE_LENGTH = 64;

/** The code key of a booking: its reference, so an unknown one is limited exactly alike. */
export const manageCodeKey = (reference: string) => `${MANAGE_KEY_PREFIX}${reference}`;
