import { Info, Mail, Phone } from 'lucide-react';
import { EmailText } from '#web/components/email-text.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { telHref } from '#web/lib/tel-href.ts';
import { LOOKUP_TEXTS } from './texts.ts';

export function LookupHelpCard() {
  const t = useTexts(LOOKUP_TEXTS);
  const { contact } = useBranding();
  return (
    <Card className="bg-sky-50/60">
      <CardHeader className="pb-4">
        <h2 id="lookup-help-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Info aria-hidden="true" className="size-5 text-sky-700" />
          {t('lookup.helpTitle')}
        </h2>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <p className="leading-relaxed">{t('lookup.helpFormat')}</p>
        <ul className="space-y-2">
          <li>
            <a
              href={telHref(contact.phone)}
              className="inline-flex items-center gap-2 rounded font-medium text-sky-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              <Phone aria-hidden="true" className="size-4" />
              <span>
                <span className="sr-only">{t('lookup.callSupport')} </span>
                <bdi dir="ltr">{contact.phone}</bdi>
              </span>
            </a>
          </li>
          <li>
            <a
              href={`mailto:${contact.supportEmail}`}
              className="inline-flex items-center gap-2 rounded font-medium text-sky-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              <Mail aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <span className="sr-only">{t('lookup.emailSupport')} </span>
                <EmailText email={contact.supportEmail} />
              </span>
            </a>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
