/*
 * A card gateway as the booking flow sees it (docs/decisions/042): open a payment for the
 * server's total, send the passenger to the gateway's page, and learn the outcome from the
 * gateway itself. A second gateway (MIB through Mastercard's gateway, Stripe) is one new file
 * implementing PaymentProvider, and one line in create-payment-provider.ts.
 */

/** What a gateway says of a payment: taken, refused or abandoned, or still open. */
export type GatewayState = 'paid' | 'declined' | 'open';

export type GatewayPayment = {
  transactionId: string;
  state: GatewayState;
  /** In minor units (laari, cents): what the gateway took or asks, never the browser's figure. */
  amountMinor: number;
  currency: string;
  /** Our id for the payment, as given when it was opened. */
  localId: string | null;
};

export type OpenPayment = {
  amountMinor: number;
  currency: 'MVR' | 'USD';
  /** Our id for the payment: unguessable, and the key the callback is matched by. */
  localId: string;
  /** What the passenger sees on the gateway's page and their statement (the booking reference). */
  customerReference: string;
  /** Where the gateway sends the passenger back, whatever the outcome. */
  returnUrl: string;
  /** Where the gateway posts its signed notice of a change. */
  callbackUrl: string;
};

/** The headers of a callback request, as Fastify gives them. */
export type CallbackHeaders = Record<string, string | string[] | undefined>;

export interface PaymentProvider {
  readonly name: 'bml' | 'test';
  /** Opens a payment: the gateway's id for it, and its page, on the gateway's own host. */
  open(payment: OpenPayment): Promise<{ transactionId: string; redirectUrl: string }>;
  /**
   * Whether a callback is the gateway's: its signature, and a timestamp no older than a few
   * minutes. A signed callback still says nothing by itself: `read` asks the gateway.
   */
  verifyCallback(headers: CallbackHeaders, now: Date): boolean;
  /** The gateway's own word on a payment, asked of its API. */
  read(transactionId: string): Promise<GatewayPayment>;
  /** Refunds all or part of a paid payment, where the gateway offers it; the gateway's refund id. */
  refund?(transactionId: string, amountMinor: number): Promise<{ refundId: string }>;
}

/** The gateway answered with an error or not at all; its message, never its keys. */
export class GatewayError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
  }
}
