import { X } from 'lucide-react';
import { useId } from 'react';
import type { AuditPage } from '#shared/admin-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { actionLabel } from './action-label.ts';
import type { AuditFilters as Filters } from './api.ts';

type Choices = Pick<AuditPage, 'actors' | 'actions'>;

/**
 * The choices in the order a reader looks for them. A value the URL names that the trail does not
 * (a link from before the list was loaded, an old bookmark) stays a choice, so the select shows it.
 */
function options(filters: Filters, choices: Choices | undefined) {
  const actors = [...(choices?.actors ?? [])].sort((a, b) => a.email.localeCompare(b.email));
  if (filters.actor && !actors.some((a) => a.id === filters.actor))
    actors.push({ id: filters.actor, email: choices ? 'Someone not in the trail' : 'Loading…' });
  const actions = [...(choices?.actions ?? [])];
  if (filters.action && !actions.includes(filters.action)) actions.push(filters.action);
  actions.sort((a, b) => actionLabel(a).localeCompare(actionLabel(b)));
  return { actors, actions };
}

export function AuditFilters({
  filters,
  choices,
  today,
  onChange,
}: {
  filters: Filters;
  choices: Choices | undefined;
  /** The operator's date: no later day can have entries. */
  today: string | undefined;
  onChange: (changes: Partial<Filters>) => void;
}) {
  const id = useId();
  const { actors, actions } = options(filters, choices);
  const filtered = Object.values(filters).some(Boolean);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[1fr_1fr_auto] lg:items-end"
    >
      <h2 id={`${id}-title`} className="sr-only">
        Filters
      </h2>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-actor`}>Person</Label>
        <NativeSelect
          id={`${id}-actor`}
          value={filters.actor}
          onChange={(event) => onChange({ actor: event.target.value })}
        >
          <option value="">Everyone</option>
          {actors.map((actor) => (
            <option key={actor.id} value={actor.id}>
              {actor.email}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-action`}>Kind of action</Label>
        <NativeSelect
          id={`${id}-action`}
          value={filters.action}
          onChange={(event) => onChange({ action: event.target.value })}
        >
          <option value="">All actions</option>
          {actions.map((action) => (
            <option key={action} value={action}>
              {actionLabel(action)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:col-span-2 lg:col-span-1 lg:flex lg:items-end">
        <div className="grid gap-2 lg:w-44">
          <Label htmlFor={`${id}-from`}>From</Label>
          <Input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            max={filters.to || today}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="grid gap-2 lg:w-44">
          <Label htmlFor={`${id}-to`}>To</Label>
          <Input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || undefined}
            max={today}
            onChange={(event) => onChange({ to: event.target.value })}
          />
        </div>
        {filtered ? (
          <Button
            variant="outline"
            className="col-span-2 h-11 lg:col-span-1"
            onClick={() => {
              onChange({ actor: '', action: '', from: '', to: '' });
              // The button goes with the filters: focus stays in the form rather than falling to the page.
              document.getElementById(`${id}-actor`)?.focus();
            }}
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        ) : null}
      </div>
    </section>
  );
}
