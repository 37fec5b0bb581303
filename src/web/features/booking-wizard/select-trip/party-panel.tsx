import { useQuery } from '@tanstack/react-query';
import { useTexts } from '#web/i18n/texts.tsx';
import { publicSettingsQuery } from '../api.ts';
import { pricesFrom } from '../format.ts';
import { TicketSelector } from '../passenger-info/ticket-selector.tsx';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import type { TicketCounts } from '../wizard-state.ts';

/** Until the settings say (MAX_TICKETS_PER_BOOKING), as the passenger step assumes. */
const DEFAULT_MAX_TICKETS = 20;

/**
 * Who travels, chosen before the search so each trip shows the party's fare: the ticket counters
 * of the passenger step, loaded only when the passenger opens them (off /booking's first load).
 */
export default function PartyPanel({
  id,
  tickets,
  onChange,
}: {
  id: string;
  tickets: TicketCounts;
  onChange: (tickets: TicketCounts) => void;
}) {
  const t = useTexts(PASSENGER_TEXTS);
  const settings = useQuery(publicSettingsQuery);
  return (
    <fieldset id={id} className="grid gap-2 md:col-span-full">
      <legend className="mb-2 text-sm font-medium text-slate-900">{t('passenger.tickets')}</legend>
      <TicketSelector
        tickets={tickets}
        prices={pricesFrom(settings.data)}
        max={settings.data?.maxTicketsPerBooking ?? DEFAULT_MAX_TICKETS}
        onChange={onChange}
      />
    </fieldset>
  );
}
