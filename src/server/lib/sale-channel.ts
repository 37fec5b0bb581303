import { SALE_CHANNELS, type SaleChannel } from '#shared/constants.ts';

/** A ticket's `channel` column as the API's enum: a value it does not know reads as online. */
export function saleChannel(channel: string): SaleChannel {
  return (SALE_CHANNELS as readonly string[]).includes(channel) ? (channel as SaleChannel) : 'online';
}
