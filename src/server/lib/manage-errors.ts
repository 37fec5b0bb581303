import { AppError } from './errors.ts';

/*
 * The manage page's own refusals (docs/decisions/027), shared by its reads and its changes.
 */

export const manageLinkInvalid = () =>
  new AppError('manage_link_invalid', 'This link is not valid any more. Ask for a code instead.', 404);

export const notAllowed = (message: string) => new AppError('manage_not_allowed', message, 409);

/** A second change while the office checks the last one's payment would overwrite its slip. */
export const extraUnderReview = () =>
  new AppError(
    'extra_payment_under_review',
    'The office is still checking your payment for the last change. You can change the departure again once they have.',
    409,
  );

/**
 * A booking keeps two payments at most (docs/decisions/027): a second dearer rebooking would
 * replace the slip the office verified.
 */
export const secondExtraPayment = () =>
  new AppError(
    'extra_payment_again',
    'This booking has already been paid for a dearer departure once. To change it to another dearer one, please contact us.',
    409,
  );
