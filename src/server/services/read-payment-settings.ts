import {
  DEFAULT_EXCHANGE_RATE,
  DEFAULT_PRICES,
  DEFAULT_REFUND_POLICY,
  DEFAULT_USUAL_APPROVAL_MINUTES,
  PAYMENT_METHOD,
} from '#shared/constants.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ReadPaymentSettingsOptions = { db: DbOrTx };

/**
 * Prices, the exchange rate, bank details (docs/product.md section 7) and the cancellation refund policy:
 * the first row, else the defaults.
 */
export async function readPaymentSettings({ db }: ReadPaymentSettingsOptions): Promise<PaymentSettingsView> {
  const row = await readSettingsRow({ db, table: 'payment' });
  return {
    localAdultPrice: row?.localAdultPrice ?? DEFAULT_PRICES.localAdultPrice,
    localChildPrice: row?.localChildPrice ?? DEFAULT_PRICES.localChildPrice,
    foreignerAdultPrice: row?.foreignerAdultPrice ?? DEFAULT_PRICES.foreignerAdultPrice,
    foreignerChildPrice: row?.foreignerChildPrice ?? DEFAULT_PRICES.foreignerChildPrice,
    // Only when the operator priced infants: free otherwise (docs/decisions/036).
    ...(row?.infantLocalPrice != null ? { infantLocalPrice: row.infantLocalPrice } : {}),
    ...(row?.infantForeignerPrice != null ? { infantForeignerPrice: row.infantForeignerPrice } : {}),
    // numeric(12,4) comes back as '15.4200'; the rate is shown and used with its own digits.
    exchangeRate: row ? String(Number(row.exchangeRate)) : DEFAULT_EXCHANGE_RATE,
    bankName: row?.bankName ?? '',
    accountHolder: row?.accountHolder ?? '',
    accountNumber: row?.accountNumber ?? '',
    bankNameUsd: row?.bankNameUsd ?? '',
    accountHolderUsd: row?.accountHolderUsd ?? '',
    accountNumberUsd: row?.accountNumberUsd ?? '',
    paymentInstructions: row?.paymentInstructions ?? '',
    paymentMethod: PAYMENT_METHOD,
    bankNameDv: row?.bankNameDv ?? '',
    bankNameUsdDv: row?.bankNameUsdDv ?? '',
    paymentInstructionsDv: row?.paymentInstructionsDv ?? '',
    refundPolicy: row?.refundPolicy ?? DEFAULT_REFUND_POLICY,
    usualApprovalMinutes: row?.usualApprovalMinutes ?? DEFAULT_USUAL_APPROVAL_MINUTES,
  };
}
