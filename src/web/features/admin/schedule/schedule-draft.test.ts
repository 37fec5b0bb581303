import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import {
  addStop,
  draftErrors,
  draftProblems,
  draftToInput,
  emptyDraft,
  fieldOf,
  moveStop,
  noRepeat,
  removeStop,
  repeatToInput,
  stopFaults,
  toggleLaunch,
  updateStop,
  withoutDeleted,
} from './schedule-draft.ts';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const LAUNCH = '00000000-0000-4000-8000-0000000000f1';

describe('schedule draft', () => {
  it('starts with two stops, the first at 08:00, and explains what is missing', () => {
    const draft = emptyDraft();
    expect(draft.stops.map((s) => s.departureTime)).toEqual(['08:00', '']);
    expect(draftProblems(draft)).toContain(MSG.scheduleBasics);
  });

  it('needs a departure time on every stop and the arrival at the final destination', () => {
    let draft = toggleLaunch({ ...emptyDraft(), travelDate: '2030-01-02' }, LAUNCH, true);
    draft = updateStop(updateStop(draft, 0, { locationId: A }), 1, { locationId: B });
    expect(draftErrors(draft, noRepeat())).toEqual({ arrivalTime: MSG.scheduleArrivalRequired });
    draft = updateStop(draft, 1, { departureTime: '09:00' });
    expect(draftProblems(draft)).toEqual([]);
    expect(draftToInput(draft).routeStops).toEqual([
      { locationId: A, departureTime: '08:00' },
      { locationId: B, departureTime: '09:00' },
    ]);

    draft = updateStop(addStop(draft), 2, { locationId: C });
    // Stop 2 is no longer the last and keeps its time; stop 3, the final destination, asks for its arrival.
    expect(draftErrors(draft, noRepeat())).toEqual({ arrivalTime: MSG.scheduleArrivalRequired });
    expect(draftProblems(updateStop(draft, 2, { departureTime: '09:30' }))).toEqual([]);
    // Moved up, the stop without a time is no longer the last: the stops' message, not the arrival's.
    draft = moveStop(draft, 2, -1);
    expect(draftErrors(draft, noRepeat())).toEqual({ routeStops: MSG.scheduleStops });
    expect(draftToInput(draft).routeStops.map((s) => s.locationId)).toEqual([A, C, B]);
  });

  it('takes an arrival after the stop before it, an earlier time being past midnight', () => {
    let draft = toggleLaunch({ ...emptyDraft(), travelDate: '2030-01-02' }, LAUNCH, true);
    draft = updateStop(updateStop(draft, 0, { locationId: A, departureTime: '23:30' }), 1, { locationId: B });
    const arrival = (time: string) => draftErrors(updateStop(draft, 1, { departureTime: time }), noRepeat());
    expect(arrival('23:30')).toEqual({ arrivalTime: MSG.scheduleArrivalOrder });
    expect(arrival('23:55')).toEqual({});
    expect(arrival('00:40')).toEqual({});
    // Stop to stop past midnight twice: a day or more.
    draft = updateStop(updateStop(addStop(draft), 1, { departureTime: '08:00' }), 2, { locationId: C });
    expect(draftErrors(updateStop(draft, 2, { departureTime: '07:30' }), noRepeat())).toEqual({
      arrivalTime: MSG.scheduleArrivalTooLate,
    });
  });

  it('removes stops only while more than two remain and refuses a repeated stop', () => {
    let draft = addStop(emptyDraft());
    draft = removeStop(draft, 1);
    expect(draft.stops).toHaveLength(2);
    expect(removeStop(draft, 0)).toBe(draft);

    draft = toggleLaunch({ ...draft, travelDate: '2030-01-02' }, LAUNCH, true);
    draft = updateStop(updateStop(draft, 0, { locationId: A }), 1, { locationId: A, departureTime: '09:00' });
    expect(draftProblems(draft)).toEqual([MSG.scheduleRepeatedStop]);
    expect(toggleLaunch(draft, LAUNCH, false).launchIds).toEqual([]);
  });

  it('drops a deleted launch and empties a deleted stop, so the edit asks for a replacement', () => {
    const OTHER = '00000000-0000-4000-8000-0000000000f2';
    let draft = toggleLaunch(
      toggleLaunch({ ...emptyDraft(), travelDate: '2030-01-02' }, LAUNCH, true),
      OTHER,
      true,
    );
    draft = updateStop(updateStop(draft, 0, { locationId: A }), 1, { locationId: B, departureTime: '09:00' });
    const kept = withoutDeleted(draft, { launchIds: new Set([OTHER]), locationIds: new Set([B]) });
    expect(kept.launchIds).toEqual([OTHER]);
    expect(kept.stops.map((s) => s.locationId)).toEqual(['', B]);
    expect(draftProblems(kept)).toEqual([MSG.scheduleStops]);
    expect(
      withoutDeleted(draft, { launchIds: new Set([LAUNCH, OTHER]), locationIds: new Set([A, B]) }),
    ).toEqual(draft);
  });
});

describe('schedule draft with a repeat', () => {
  const ready = () =>
    updateStop(
      updateStop(toggleLaunch({ ...emptyDraft(), travelDate: '2030-01-02' }, LAUNCH, true), 0, {
        locationId: A,
      }),
      1,
      { locationId: B, departureTime: '09:00' },
    );

  it('puts each message under its field, and a passed travel date only when repeating', () => {
    const empty = draftErrors(emptyDraft(), noRepeat());
    expect(empty.travelDate).toBe(MSG.scheduleBasics);
    expect(empty.launchIds).toBe(MSG.scheduleBasics);
    expect(empty.routeStops).toBe(MSG.scheduleStops);
    expect(empty.arrivalTime).toBe(MSG.scheduleArrivalRequired);

    const draft = ready();
    expect(draftErrors(draft, noRepeat(), '2030-01-05')).toEqual({});
    const repeat = { on: true, weekdays: [3], until: '2030-01-31' };
    expect(draftErrors(draft, repeat, '2030-01-02')).toEqual({});
    expect(draftErrors(draft, repeat, '2030-01-05')).toEqual({ travelDate: STAFF_MSG.scheduleDatePassed });
  });

  it('checks the repeat with the server’s rules and texts', () => {
    const draft = ready();
    const errors = (repeat: { weekdays: number[]; until: string }) =>
      draftErrors(draft, { on: true, ...repeat }, '2030-01-01');
    expect(errors({ weekdays: [], until: '2030-01-31' })['repeat.weekdays']).toBe(STAFF_MSG.repeatWeekdays);
    expect(errors({ weekdays: [1], until: '' })['repeat.until']).toBe(STAFF_MSG.repeatUntil);
    expect(errors({ weekdays: [1], until: '2030-01-01' })['repeat.until']).toBe(
      STAFF_MSG.repeatUntilBeforeStart,
    );
    expect(errors({ weekdays: [1], until: '2031-01-03' })['repeat.until']).toBe(STAFF_MSG.repeatTooLong);
    // Wednesday the 2nd to Saturday the 5th holds no Monday.
    expect(errors({ weekdays: [1], until: '2030-01-05' })['repeat.weekdays']).toBe(STAFF_MSG.repeatNoDates);
    expect(repeatToInput(draft, { on: true, weekdays: [1, 3], until: '2030-01-09' }).repeat).toEqual({
      weekdays: [1, 3],
      until: '2030-01-09',
    });
  });

  it('carries the arrival to every date of a repeat', () => {
    expect(repeatToInput(ready(), { on: true, weekdays: [3], until: '2030-01-09' }).routeStops).toEqual([
      { locationId: A, departureTime: '08:00' },
      { locationId: B, departureTime: '09:00' },
    ]);
    expect(
      draftErrors(updateStop(ready(), 1, { departureTime: '' }), {
        on: true,
        weekdays: [3],
        until: '2030-01-09',
      }),
    ).toEqual({ arrivalTime: MSG.scheduleArrivalRequired });
  });

  it('puts a refused arrival of the server under its field, other stop messages under the stops', () => {
    expect(fieldOf(['routeStops', '2', 'departureTime'], 2)).toBe('arrivalTime');
    expect(fieldOf(['routeStops', '1', 'departureTime'], 2)).toBe('routeStops');
    expect(fieldOf(['routeStops'], 2)).toBe('routeStops');
  });

  it('marks the inputs the stops’ message is about', () => {
    const draft = updateStop(addStop(updateStop(ready(), 1, { departureTime: '' })), 2, { locationId: A });
    expect(stopFaults(draft)).toEqual([
      { location: true, time: false },
      { location: false, time: true },
      { location: true, time: false },
    ]);
  });
});
