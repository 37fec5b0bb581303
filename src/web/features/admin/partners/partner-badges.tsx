import { AlarmClock, CircleCheck, CirclePause } from 'lucide-react';
import type { Partner } from '#shared/partners.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';

/** Whether the partner may book: Active, or Inactive (its users cannot book). */
export function PartnerStatusBadge({ active }: { active: boolean }) {
  const Icon = active ? CircleCheck : CirclePause;
  return (
    <Badge variant={active ? 'success' : 'outline'} data-status={active ? 'active' : 'inactive'}>
      <Icon aria-hidden="true" className="size-3.5" />
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** Something past its due date is still unpaid. */
export const isOverdue = (partner: Pick<Partner, 'overdue'>) => Number(partner.overdue) > 0;

/** "Overdue USD 120.00": said in words, not only in red. */
export function OverdueBadge({ partner }: { partner: Pick<Partner, 'overdue' | 'currency'> }) {
  if (!isOverdue(partner)) return null;
  return (
    <Badge variant="destructive" data-overdue="true">
      <AlarmClock aria-hidden="true" className="size-3.5" />
      Overdue {formatAmount(partner.overdue, partner.currency)}
    </Badge>
  );
}
