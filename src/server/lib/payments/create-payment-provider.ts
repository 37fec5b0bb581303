import type { Config } from '#server/config.ts';
import { bmlConnect } from './bml-connect.ts';
import { testGateway } from './test-gateway.ts';
import type { PaymentProvider } from './types.ts';

/**
 * The card gateway the configuration names (docs/decisions/042), or none: bank transfer only.
 * A second gateway is a file of its own beside bml-connect.ts and one case here.
 */
export function createPaymentProvider(config: Pick<Config, 'payments' | 'linkBase'>): PaymentProvider | null {
  const payments = config.payments;
  if (!payments) return null;
  switch (payments.provider) {
    case 'bml':
      return bmlConnect(payments);
    case 'test':
      return testGateway({ pageBase: config.linkBase });
  }
}
