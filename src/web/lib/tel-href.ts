/** A `tel:` link for a phone number as the operator typed it: digits and a leading + only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
