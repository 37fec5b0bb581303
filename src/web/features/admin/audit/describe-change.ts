// What an audit entry changed, read out of its `before` and `after` snapshots (JSON, either
// may be null): the fields whose value differs, or every field of the one snapshot there is.

export type FieldChange =
  /** A field in both snapshots (or added, or dropped): `null` in a side means it was not there. */
  | { kind: 'changed'; field: string; before: string | null; after: string | null }
  /** A field of the only snapshot there is. */
  | { kind: 'value'; field: string; value: string };

export type ChangeSummary = {
  /** 'update': both snapshots; 'after': only the new state (a creation); 'before': only the old one. */
  shape: 'update' | 'after' | 'before' | 'none';
  fields: FieldChange[];
};

/** Values longer than this are cut on screen; the CSV export carries them whole. */
export const VALUE_LIMIT = 300;

type Snapshot = Record<string, unknown>;

const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A snapshot that is not an object (a bare value, a list) reads as one field named "value". */
const asSnapshot = (value: unknown): Snapshot => (isSnapshot(value) ? value : { value });

/** Words written in capitals wherever they fall in a key. */
const ACRONYMS = new Set(['id', 'ip', 'url', 'pwa', 'csv', 'mvr', 'usd', 'smtp']);

/** 'ticketStatus', 'ticket_status' -> 'Ticket status'; 'clientIp' -> 'Client IP'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  if (words.length === 0) return key;
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One value, compact: strings as they are, anything nested as JSON text. */
export function formatValue(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = 'empty';
  else if (typeof value === 'string') text = value === '' ? '""' : value;
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return text.length > VALUE_LIMIT ? `${text.slice(0, VALUE_LIMIT - 1)}…` : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function describeChange(before: unknown, after: unknown): ChangeSummary {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;

  if (hasBefore && hasAfter) {
    const old = asSnapshot(before);
    const now = asSnapshot(after);
    // The old snapshot's order first, then the fields only the new one has.
    const keys = [...new Set([...Object.keys(old), ...Object.keys(now)])];
    const fields = keys
      .filter((key) => !same(old[key], now[key]))
      .map(
        (key): FieldChange => ({
          kind: 'changed',
          field: fieldLabel(key),
          before: key in old ? formatValue(old[key]) : null,
          after: key in now ? formatValue(now[key]) : null,
        }),
      );
    return { shape: 'update', fields };
  }

  const only = hasAfter ? after : before;
  if (!hasBefore && !hasAfter) return { shape: 'none', fields: [] };
  const fields = Object.entries(asSnapshot(only)).map(
    ([key, value]): FieldChange => ({ kind: 'value', field: fieldLabel(key), value: formatValue(value) }),
  );
  return { shape: hasAfter ? 'after' : 'before', fields };
}
