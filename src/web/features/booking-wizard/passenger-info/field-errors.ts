import type { Translate } from '#web/i18n/texts.tsx';

/**
 * The step's fields that can be in error, in the order of the form, with the element that gets
 * the focus: for the tickets, the first Add button.
 */
export const FIELD_IDS = {
  name: 'passenger-name',
  email: 'passenger-email',
  code: 'email-code',
  tickets: 'ticket-add-localAdult',
} as const;

export type PassengerField = keyof typeof FIELD_IDS;

/** A message is kept as how to say it, so it follows a change of language. */
export type PassengerErrors = Partial<Record<PassengerField, (t: Translate) => string>>;

/** What the e-mail part gets from the step: its messages, and how to report or clear one. */
export type FieldReporting = {
  errors: { email?: string | undefined; code?: string | undefined };
  report: (found: PassengerErrors) => void;
  clear: (...fields: PassengerField[]) => void;
};
