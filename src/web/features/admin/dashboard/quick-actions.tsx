import { ArrowRight, CalendarPlus, ClipboardCheck, type LucideIcon } from 'lucide-react';
import { Link } from '#web/lib/navigation.tsx';

type Action = { to: string; title: string; text: string; icon: LucideIcon };

const ACTIONS: Action[] = [
  {
    to: '/admin/tickets',
    title: 'Review Pending',
    text: 'Approve or reject new bookings',
    icon: ClipboardCheck,
  },
  { to: '/admin/schedule', title: 'Add New Trip', text: 'Create a schedule for a day', icon: CalendarPlus },
];

export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title" className="space-y-3">
      <h2 id="quick-actions-title" className="text-base font-semibold text-slate-900">
        Quick Actions
      </h2>
      <ul className="grid gap-4">
        {ACTIONS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="group flex items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-colors hover:border-sky-300 hover:bg-sky-50"
            >
              <span
                aria-hidden="true"
                className="grid size-11 shrink-0 place-items-center rounded-xl bg-sky-100 text-sky-800"
              >
                <Icon className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-slate-900">{title}</span>
                <span className="block text-sm text-slate-600">{text}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-5 text-slate-400 group-hover:text-sky-700" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
