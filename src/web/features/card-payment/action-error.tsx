import { apiErrorText, MSG_TEXTS } from '#web/i18n/msg.ts';
import { useTexts } from '#web/i18n/texts.tsx';

/**
 * Why another try or the switch to a transfer was refused, in the passenger's language. Loaded
 * only then: the API's texts are the largest part of the page otherwise.
 */
export default function ActionError({ error }: { error: unknown }) {
  const t = useTexts(MSG_TEXTS);
  return (
    <p role="alert" className="text-center text-sm font-medium text-red-700">
      {apiErrorText(t, error)}
    </p>
  );
}
