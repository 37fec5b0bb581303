import { DEFAULT_DEPARTURE_TIME } from '#shared/constants.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import {
  type AdminSchedule,
  type RouteStopInput,
  type ScheduleInput,
  type ScheduleRepeatInput,
  scheduleInputSchema,
  scheduleRepeatInputSchema,
} from '#shared/setup-api.ts';

/** One row of the stop editor; `key` keeps React's row identity stable while rows move. */
export type StopDraft = { key: number; locationId: string; departureTime: string };

/** What the schedule dialog edits: every field as its input holds it. */
export type ScheduleDraft = { travelDate: string; launchIds: string[]; stops: StopDraft[] };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

let nextKey = 0;
const stop = (locationId = '', departureTime = ''): StopDraft => ({
  key: nextKey++,
  locationId,
  departureTime,
});

/** A new schedule: two empty stops, the first leaving at docs/product.md's default 08:00. */
export function emptyDraft(): ScheduleDraft {
  return { travelDate: '', launchIds: [], stops: [stop('', DEFAULT_DEPARTURE_TIME), stop()] };
}

export function draftFromSchedule(schedule: AdminSchedule): ScheduleDraft {
  const stops = [...schedule.routeStops]
    .sort((a, b) => a.stopOrder - b.stopOrder)
    .map((s) => stop(s.locationId, s.departureTime ?? ''));
  return { travelDate: schedule.travelDate, launchIds: [...schedule.launchIds], stops };
}

/** A ScheduleInput with its stops typed (the schema takes them as unknown and checks them). */
export type ScheduleBody = Omit<ScheduleInput, 'routeStops'> & { routeStops: RouteStopInput[] };

/** The request body; the final destination's time is the arrival there. */
export function draftToInput(draft: ScheduleDraft): ScheduleBody {
  return {
    travelDate: draft.travelDate,
    launchIds: draft.launchIds,
    routeStops: draft.stops.map((s) => ({
      locationId: s.locationId,
      departureTime: s.departureTime || null,
    })),
  };
}

/** Every message of a draft without a repeat, without repeats; empty when it may be saved. */
export function draftProblems(draft: ScheduleDraft): string[] {
  const result = scheduleInputSchema.safeParse(draftToInput(draft));
  if (result.success) return [];
  return [...new Set(result.error.issues.map((issue) => issue.message))];
}

export function addStop(draft: ScheduleDraft): ScheduleDraft {
  return { ...draft, stops: [...draft.stops, stop()] };
}

/** docs/product.md section 5: a stop may be removed only while more than 2 remain. */
export function removeStop(draft: ScheduleDraft, index: number): ScheduleDraft {
  if (draft.stops.length <= 2) return draft;
  return { ...draft, stops: draft.stops.filter((_, i) => i !== index) };
}

export function moveStop(draft: ScheduleDraft, index: number, by: -1 | 1): ScheduleDraft {
  const target = index + by;
  if (target < 0 || target >= draft.stops.length) return draft;
  const stops = [...draft.stops];
  const [moved] = stops.splice(index, 1);
  if (moved) stops.splice(target, 0, moved);
  return { ...draft, stops };
}

export function updateStop(
  draft: ScheduleDraft,
  index: number,
  change: Partial<Omit<StopDraft, 'key'>>,
): ScheduleDraft {
  return { ...draft, stops: draft.stops.map((s, i) => (i === index ? { ...s, ...change } : s)) };
}

export function toggleLaunch(draft: ScheduleDraft, launchId: string, on: boolean): ScheduleDraft {
  const rest = draft.launchIds.filter((id) => id !== launchId);
  return { ...draft, launchIds: on ? [...rest, launchId] : rest };
}

/**
 * What an edit can no longer keep: a launch or location deleted while this schedule named it
 * (docs/decisions/007) is not offered, so the launch is unticked and the stop left empty to
 * choose again; the server refuses to save either.
 */
export function withoutDeleted(
  draft: ScheduleDraft,
  offered: { launchIds: ReadonlySet<string>; locationIds: ReadonlySet<string> },
): ScheduleDraft {
  return {
    ...draft,
    launchIds: draft.launchIds.filter((id) => offered.launchIds.has(id)),
    stops: draft.stops.map((s) =>
      s.locationId && !offered.locationIds.has(s.locationId) ? { ...s, locationId: '' } : s,
    ),
  };
}

/** The repeat of a new schedule: off, or on days of the week (0 Sunday to 6 Saturday) until a date. */
export type RepeatDraft = { on: boolean; weekdays: number[]; until: string };

export const noRepeat = (): RepeatDraft => ({ on: false, weekdays: [], until: '' });

export function repeatToInput(draft: ScheduleDraft, repeat: RepeatDraft): ScheduleRepeatInput {
  return { ...draftToInput(draft), repeat: { weekdays: repeat.weekdays, until: repeat.until } };
}

export function toggleWeekday(repeat: RepeatDraft, weekday: number, on: boolean): RepeatDraft {
  const rest = repeat.weekdays.filter((d) => d !== weekday);
  return { ...repeat, weekdays: on ? [...rest, weekday].sort() : rest };
}

/**
 * The arrival reads earlier than the stop before it: the launch arrives the next day, past
 * midnight (as the trip search counts the journey).
 */
export function arrivesNextDay(draft: ScheduleDraft): boolean {
  const arrival = draft.stops.at(-1)?.departureTime ?? '';
  const before = draft.stops.at(-2)?.departureTime ?? '';
  return TIME.test(arrival) && TIME.test(before) && arrival < before;
}

/** What the dialog shows a message under: a field, or a group of them. */
export type DraftField =
  | 'travelDate'
  | 'routeStops'
  | 'arrivalTime'
  | 'launchIds'
  | 'repeat.weekdays'
  | 'repeat.until';
export type DraftErrors = Partial<Record<DraftField, string>>;

const FIELDS: readonly DraftField[] = [
  'travelDate',
  'routeStops',
  'arrivalTime',
  'launchIds',
  'repeat.weekdays',
  'repeat.until',
];

/**
 * The field a message belongs to, from the path of a zod issue or a key of the API's `fields`;
 * the time of the last stop (`lastStop`, its position) is the arrival, under its own field.
 */
export function fieldOf(path: readonly PropertyKey[], lastStop: number): DraftField | null {
  const [first, second, third] = path.map(String);
  if (first === 'routeStops' && second === String(lastStop) && third === 'departureTime')
    return 'arrivalTime';
  const field = first === 'repeat' ? `repeat.${second}` : first;
  return (FIELDS as readonly string[]).includes(field ?? '') ? (field as DraftField) : null;
}

/**
 * The server's messages for this draft, by field (the same zod schema, the first message of each
 * field); empty when it may be saved. A repeat also refuses a travel date before `today`, as the
 * server does, in its words.
 */
export function draftErrors(draft: ScheduleDraft, repeat: RepeatDraft, today?: string): DraftErrors {
  const result = repeat.on
    ? scheduleRepeatInputSchema.safeParse(repeatToInput(draft, repeat))
    : scheduleInputSchema.safeParse(draftToInput(draft));
  const errors: DraftErrors = {};
  if (repeat.on && today && draft.travelDate && draft.travelDate < today) {
    errors.travelDate = STAFF_MSG.scheduleDatePassed;
  }
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOf(issue.path, draft.stops.length - 1);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Which of a stop's inputs hold what the stops' message is about: an empty or repeated location,
 * a missing departure time (the arrival has a message of its own).
 */
export function stopFaults(draft: ScheduleDraft): { location: boolean; time: boolean }[] {
  const last = draft.stops.length - 1;
  const counts = new Map<string, number>();
  for (const s of draft.stops) counts.set(s.locationId, (counts.get(s.locationId) ?? 0) + 1);
  return draft.stops.map((s, index) => ({
    location: !s.locationId || (counts.get(s.locationId) ?? 0) > 1,
    time: index !== last && !TIME.test(s.departureTime),
  }));
}
