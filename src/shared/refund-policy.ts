// What a passenger's own cancellation gives back (docs/decisions/027): the operator sets tiers
// in payment settings, step 5 and the manage page show them, and the server applies them.
import { z } from 'zod';

/** A policy's bounds: a month's notice at most, whole percentages, five tiers. */
export const REFUND_POLICY_LIMITS = { maxHours: 720, maxPercent: 100, maxTiers: 5 } as const;

/** Cancelled at least `hoursBefore` hours before departure: `percent` of the fare comes back. */
export const refundTierSchema = z.object({
  hoursBefore: z.number().int().min(0).max(REFUND_POLICY_LIMITS.maxHours),
  percent: z.number().int().min(0).max(REFUND_POLICY_LIMITS.maxPercent),
});
export type RefundTier = z.infer<typeof refundTierSchema>;

/** Up to five tiers, the longest notice first; earlier than every tier gives nothing back. */
export const refundPolicySchema = z
  .array(refundTierSchema)
  .max(REFUND_POLICY_LIMITS.maxTiers)
  .refine(
    (tiers) => tiers.every((tier, i) => i === 0 || tier.hoursBefore < (tiers[i - 1]?.hoursBefore ?? 0)),
    {
      message:
        'List the tiers from the longest notice to the shortest, each with fewer hours than the one above',
    },
  );
export type RefundPolicy = z.infer<typeof refundPolicySchema>;

/** Until the operator sets one (the column's default too). */
export { DEFAULT_REFUND_POLICY } from './constants.ts';

/** The share of the fare a cancellation `hoursLeft` hours before departure gives back. */
export function refundPercent(policy: RefundPolicy, hoursLeft: number): number {
  if (hoursLeft <= 0) return 0;
  return policy.find((tier) => hoursLeft >= tier.hoursBefore)?.percent ?? 0;
}
