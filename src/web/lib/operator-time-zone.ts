import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '#shared/public-constants.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { api } from './api-client.ts';

export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings/public', { signal }),
  staleTime: 60_000,
});

/**
 * The operator's time zone (TZ_OPERATOR, docs/product.md section 11.9) as GET /api/settings/public
 * serves it: it decides "today" and how instants read, wherever the device is set. Until the
 * settings arrive, the server's default.
 */
export function useOperatorTimeZone(): string {
  const { data } = useQuery({ ...publicSettingsQuery, select: (settings) => settings.timeZone });
  return data ?? DEFAULT_TIME_ZONE;
}

/**
 * The date (YYYY-MM-DD) at an instant in a zone `utcOffsetMinutes` east of UTC: plain arithmetic,
 * no date formatter, so the booking wizard's first screen makes none.
 */
export function dateAtOffset(utcOffsetMinutes: number, now = Date.now()): string {
  return new Date(now + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/**
 * Today (YYYY-MM-DD) where the operator is, from the zone's offset in the public settings; undefined
 * until they arrive. The offset is as fresh as the settings (refetched after a minute), which is
 * enough for a zone's rare daylight-saving change; the server checks every date anyway.
 */
export function useOperatorToday(): string | undefined {
  const { data: offset } = useQuery({ ...publicSettingsQuery, select: (s) => s.utcOffsetMinutes });
  return offset === undefined ? undefined : dateAtOffset(offset);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone and options, made once: formatting runs on every render. */
export function zonedFormat(timeZone: string, options: Intl.DateTimeFormatOptions, locale = 'en-GB') {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}
