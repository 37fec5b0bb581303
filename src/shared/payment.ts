import type { Currency } from './constants.ts';

type BankFields = {
  bankName: string;
  accountHolder: string;
  accountNumber: string;
  bankNameUsd: string;
  accountHolderUsd: string;
  accountNumberUsd: string;
};

type BankAccount = { bank: string; holder: string; number: string };

/**
 * The account a passenger pays into for `currency`, or null until the operator has entered it.
 * There is no made-up fallback: a placeholder account would send real money astray, so without
 * one the wizard says payment details are not set up and the server refuses the booking.
 */
export function bankAccountFor(
  settings: BankFields | null | undefined,
  currency: Currency,
): BankAccount | null {
  if (!settings) return null;
  const account =
    currency === 'MVR'
      ? { bank: settings.bankName, holder: settings.accountHolder, number: settings.accountNumber }
      : { bank: settings.bankNameUsd, holder: settings.accountHolderUsd, number: settings.accountNumberUsd };
  const filled = {
    bank: account.bank.trim(),
    holder: account.holder.trim(),
    number: account.number.trim(),
  };
  return filled.bank && filled.holder && filled.number ? filled : null;
}
