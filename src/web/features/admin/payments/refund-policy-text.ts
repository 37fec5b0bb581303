import type { RefundPolicy } from '#shared/refund-policy.ts';

const hours = (n: number) => `${n} ${n === 1 ? 'hour' : 'hours'}`;

/**
 * The policy as the office would say it, for the card's preview: 'Cancelled 24 hours or more
 * before departure: 100 % back. 2 hours or more: 50 %. Later: nothing back.'
 */
export function describeRefundPolicy(policy: RefundPolicy): string {
  if (policy.length === 0) return 'Cancelled bookings get nothing back.';
  const sentences = policy.map(({ hoursBefore, percent }, i) => {
    const first = i === 0;
    let when: string;
    if (hoursBefore === 0) when = first ? 'Cancelled any time before departure' : 'Up to departure';
    else
      when = first
        ? `Cancelled ${hours(hoursBefore)} or more before departure`
        : `${hours(hoursBefore)} or more`;
    const what = percent === 0 ? 'nothing back' : `${percent} %${first ? ' back' : ''}`;
    return `${when}: ${what}.`;
  });
  // refundPercent gives nothing once the boat has left, whatever the tiers say.
  const last = policy[policy.length - 1];
  sentences.push(last?.hoursBefore === 0 ? 'After departure: nothing back.' : 'Later: nothing back.');
  return sentences.join(' ');
}
