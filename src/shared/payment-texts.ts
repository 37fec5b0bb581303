import type { Namespace, TextId } from './messages/catalogues.ts';

// The passenger texts that tell passengers where or how to pay, on the pages and in the mails
// (docs/decisions/022). Correcting one on the Texts screen needs `bank.manage`, as the accounts
// themselves do: a text can name another account as well as a field can. The server refuses
// everyone else (services/save-text-override.ts, delete-text-override.ts) and mails every active Owner of a change; the
// Texts screen shows them read-only to the others.

/** Whole namespaces: the booking's payment step, its summary, the accounts and the slip. */
const PAYMENT_NAMESPACES: readonly Namespace[] = ['payment'];

/** Texts of other screens and of the mails that say how or where to pay. */
const PAYMENT_TEXT_IDS: readonly TextId[] = [
  // How booking works: paying by bank transfer, with a slip.
  'home.heroIntro',
  'home.step2Title',
  'home.step2Text',
  'site.footerAbout',
  // A dearer change of departure on the manage page: the difference, the account, the slip.
  'manage.quotePay',
  'manage.payInto',
  'manage.payBank',
  'manage.payHolder',
  'manage.payNumber',
  'manage.payAfterApproval',
  'manage.slipLabel',
  'manage.slipPreview',
  'manage.slipChoose',
  'manage.slipChooseAnother',
  'manage.slipFormats',
  'manage.slipWorking',
  'manage.slipReady',
  'manage.slipNeeded',
  'manage.errorSlip',
  // The booking mails: the amount and how it is paid.
  'email.amount',
  'email.bankTransfer',
  // The reference as the transfer's remark: in the booking-received mail and on Check Booking.
  'email.receivedRemark',
  'lookup.transferRemark',
  // The payment step's own messages.
  'msg.accountNumberCopied',
  'msg.paymentDetailsMissing',
  'msg.slipAndTripRequired',
];

/** Whether the text `id` tells passengers where or how to pay. */
export function isPaymentText(id: string): boolean {
  const namespace = id.slice(0, id.indexOf('.'));
  return (
    (PAYMENT_NAMESPACES as readonly string[]).includes(namespace) ||
    (PAYMENT_TEXT_IDS as readonly string[]).includes(id)
  );
}
