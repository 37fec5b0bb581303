import { CircleAlert, SearchX } from 'lucide-react';
import { MSG } from '#shared/messages.ts';
import { Card, CardContent } from '#web/components/ui/card.tsx';

export function BookingNotFoundCard({ reference }: { reference: string }) {
  return (
    <Card className="border-amber-200">
      <CardContent className="flex gap-4 p-6">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-amber-50 text-amber-700"
        >
          <SearchX className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{MSG.bookingNotFound}</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">
            No booking matches{' '}
            <span className="font-mono font-semibold break-all text-slate-900">{reference}</span>. Please
            check the reference in your confirmation e-mail and try again.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export function LookupErrorCard({ message }: { message: string }) {
  return (
    <Card className="border-red-200">
      <CardContent className="flex gap-4 p-6">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-xl bg-red-50 text-red-700"
        >
          <CircleAlert className="size-5" />
        </span>
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">We could not check your booking</h2>
          <p className="mt-1 text-sm leading-relaxed text-slate-700">{message}</p>
        </div>
      </CardContent>
    </Card>
  );
}
