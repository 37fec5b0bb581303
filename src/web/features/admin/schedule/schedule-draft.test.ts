import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import {
  addStop,
  draftProblems,
  draftToInput,
  emptyDraft,
  moveStop,
  removeStop,
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

  it('needs a time on every stop but the final destination, which never sends one', () => {
    let draft = toggleLaunch({ ...emptyDraft(), travelDate: '2030-01-02' }, LAUNCH, true);
    draft = updateStop(updateStop(draft, 0, { locationId: A }), 1, { locationId: B, departureTime: '09:00' });
    expect(draftProblems(draft)).toEqual([]);
    expect(draftToInput(draft).routeStops).toEqual([
      { locationId: A, departureTime: '08:00' },
      { locationId: B, departureTime: null },
    ]);

    draft = updateStop(addStop(draft), 2, { locationId: C });
    // Stop 2 is no longer the last and has a time; stop 3 is the final destination.
    expect(draftProblems(draft)).toEqual([]);
    draft = moveStop(draft, 2, -1);
    expect(draftProblems(draft)).toEqual([MSG.scheduleStops]);
    expect(draftToInput(draft).routeStops.map((s) => s.locationId)).toEqual([A, C, B]);
  });

  it('removes stops only while more than two remain and refuses a repeated stop', () => {
    let draft = addStop(emptyDraft());
    draft = removeStop(draft, 1);
    expect(draft.stops).toHaveLength(2);
    expect(removeStop(draft, 0)).toBe(draft);

    draft = toggleLaunch({ ...draft, travelDate: '2030-01-02' }, LAUNCH, true);
    draft = updateStop(updateStop(draft, 0, { locationId: A }), 1, { locationId: A });
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
    draft = updateStop(updateStop(draft, 0, { locationId: A }), 1, { locationId: B });
    const kept = withoutDeleted(draft, { launchIds: new Set([OTHER]), locationIds: new Set([B]) });
    expect(kept.launchIds).toEqual([OTHER]);
    expect(kept.stops.map((s) => s.locationId)).toEqual(['', B]);
    expect(draftProblems(kept)).toEqual([MSG.scheduleStops]);
    expect(
      withoutDeleted(draft, { launchIds: new Set([LAUNCH, OTHER]), locationIds: new Set([A, B]) }),
    ).toEqual(draft);
  });
});
