import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import type { ClientInfo } from '#shared/admin-api.ts';
import { LOGIN_WARNING_COUNTDOWN_SECONDS } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { readDeviceInfo } from './device-info.ts';
import { useClientInfo } from './use-client-info.ts';
import { useCountdown } from './use-countdown.ts';

const DETECTING = 'Detecting...';

// docs/product.md admin login: an unknown IP shows 'Hidden', a failed lookup 'Detection Failed'.
function describeLocation(info: ClientInfo): string {
  if (info.geolocation === 'failed') return MSG.detectionFailed;
  if (info.geolocation === 'hidden') return MSG.hidden;
  const parts = [info.city, info.region, info.country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : MSG.hidden;
}

/**
 * The warning shown above the sign-in form: who is knocking, as far as the server and the
 * browser can tell. The countdown stops at 0s; the panel stays (nothing else is specified).
 */
export function RestrictedAreaPanel() {
  const clientInfo = useClientInfo();
  const [device] = useState(readDeviceInfo);
  const [accessTime] = useState(() =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date()),
  );
  const secondsLeft = useCountdown(LOGIN_WARNING_COUNTDOWN_SECONDS);

  let ip = DETECTING;
  let location = DETECTING;
  if (clientInfo.isError) {
    ip = MSG.detectionFailed;
    location = MSG.detectionFailed;
  } else if (clientInfo.data) {
    ip = clientInfo.data.ip ?? MSG.hidden;
    location = describeLocation(clientInfo.data);
  }

  const rows: [string, string][] = [
    ['IP Address', ip],
    ['Location', location],
    ['Browser', device.browser],
    ['Operating System', device.os],
    ['Device', device.device],
    ['Screen Resolution', device.screen],
    ['Timezone', device.timezone],
    ['Access Time', accessTime],
  ];

  return (
    <section
      aria-labelledby="restricted-area-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-amber-700" />
        <div>
          <h2 id="restricted-area-title" className="font-semibold">
            Restricted Area
          </h2>
          <p className="mt-1 text-sm">
            This area is for authorised staff only. Access attempts are monitored and recorded.
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-amber-900">{label}</dt>
            <dd
              className="min-w-0 break-words"
              data-testid={`client-${label.toLowerCase().replaceAll(' ', '-')}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p
        role="timer"
        aria-atomic="true"
        className="mt-4 rounded-lg bg-amber-100 px-3 py-2 text-sm font-semibold"
      >
        {MSG.sessionLoggedIn(secondsLeft)}
      </p>
    </section>
  );
}
