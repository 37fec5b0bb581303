import { DEFAULT_DEPARTURE_TIME } from '#shared/constants.ts';
import {
  type AdminSchedule,
  type RouteStopInput,
  type ScheduleInput,
  scheduleInputSchema,
} from '#shared/setup-api.ts';

/** One row of the stop editor; `key` keeps React's row identity stable while rows move. */
export type StopDraft = { key: number; locationId: string; departureTime: string };

/** What the schedule dialog edits: every field as its input holds it. */
export type ScheduleDraft = { travelDate: string; launchIds: string[]; stops: StopDraft[] };

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

/** The request body; the final destination never carries a departure time. */
export function draftToInput(draft: ScheduleDraft): ScheduleBody {
  const last = draft.stops.length - 1;
  return {
    travelDate: draft.travelDate,
    launchIds: draft.launchIds,
    routeStops: draft.stops.map((s, index) => ({
      locationId: s.locationId,
      departureTime: index === last ? null : s.departureTime || null,
    })),
  };
}

/**
 * The server's own validation messages for this draft (the same zod schema), without repeats;
 * empty when it may be saved.
 */
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
