import { apiErrorText, MSG_TEXTS } from '#web/i18n/msg.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { cn } from '#web/lib/utils.ts';

/** A failed request of a public page (the trips, the launches, the seats), in the passenger's language. */
export function LoadError({ error, className }: { error: unknown; className?: string }) {
  const t = useTexts(MSG_TEXTS);
  return (
    <p role="alert" className={cn('text-sm text-red-700', className)}>
      {apiErrorText(t, error)}
    </p>
  );
}
