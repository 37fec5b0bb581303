// English texts every public page shows: the header, the footer, the 404 page and the dates.
// Ids are `common.<key>`; src/shared/locales/dv/common.ts is the Dhivehi.
import { SERVER_ERROR } from '../server-error.ts';

export default {
  skipToContent: 'Skip to main content',
  mainNav: 'Main',
  navHome: 'Home',
  navCheckBooking: 'Check Booking',
  /** The switch's accessible name: the same words in both languages, so anyone can find it. */
  languageSwitch: 'Language / ބަސް',
  serverError: SERVER_ERROR,
  reloadPage: 'Reload page',
  notSpecified: 'Not specified',
  loading: 'Loading…',
} as const;
