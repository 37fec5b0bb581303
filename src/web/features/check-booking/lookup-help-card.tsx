import { Info, Mail, Phone } from 'lucide-react';
import { EmailText } from '#web/components/email-text.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { useBranding } from '#web/lib/public-queries.ts';
import { telHref } from '#web/lib/tel-href.ts';

export function LookupHelpCard() {
  const { contact } = useBranding();
  return (
    <Card className="bg-sky-50/60">
      <CardHeader className="pb-4">
        <h2 id="lookup-help-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Info aria-hidden="true" className="size-5 text-sky-700" />
          Need help?
        </h2>
      </CardHeader>
      <CardContent className="space-y-4 text-sm text-slate-700">
        <p className="leading-relaxed">
          Your booking reference is usually 8-10 digits, e.g. 2611221234: the date (yymmdd) and four digits.
        </p>
        <ul className="space-y-2">
          <li>
            <a
              href={telHref(contact.phone)}
              className="inline-flex items-center gap-2 rounded font-medium text-sky-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
            >
              <Phone aria-hidden="true" className="size-4" />
              <span>
                <span className="sr-only">Call support: </span>
                {contact.phone}
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
                <span className="sr-only">E-mail support: </span>
                <EmailText email={contact.supportEmail} />
              </span>
            </a>
          </li>
        </ul>
      </CardContent>
    </Card>
  );
}
