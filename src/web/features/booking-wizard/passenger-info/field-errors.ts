import type { Translate } from '#web/i18n/texts.tsx';
import type { PersonKey } from '../wizard-state.ts';

/**
 * The step's fields that can be in error, in the order of the form, with the element that gets
 * the focus: for the tickets, the first Add button. The other persons' names follow them.
 */
export const FIELD_IDS = {
  name: 'passenger-name',
  email: 'passenger-email',
  code: 'email-code',
  tickets: 'ticket-add-localAdult',
} as const;

/** A field of the form, or another person's name by their place in the party ('infant-0'). */
export type PassengerField = keyof typeof FIELD_IDS | PersonKey;

/** The name field of a person other than the contact. */
export const personFieldId = (key: PersonKey) => `person-${key}-name`;

export const fieldIdOf = (field: PassengerField) =>
  field in FIELD_IDS ? FIELD_IDS[field as keyof typeof FIELD_IDS] : personFieldId(field as PersonKey);

/** A message is kept as how to say it, so it follows a change of language. */
export type PassengerErrors = Partial<Record<PassengerField, (t: Translate) => string>>;

/** What the e-mail part gets from the step: its messages, and how to report or clear one. */
export type FieldReporting = {
  errors: { email?: string | undefined; code?: string | undefined };
  report: (found: PassengerErrors) => void;
  clear: (...fields: PassengerField[]) => void;
};
