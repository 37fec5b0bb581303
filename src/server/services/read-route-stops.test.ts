import { describe, expect, it } from 'vitest';
import { stopPositions } from './read-route-stops.ts';

const stops = ['male', 'airport', 'thoddoo', 'male'].map((locationId) => ({ locationId }));
const positions = (userOriginId: string | null, userDestinationId: string | null) =>
  stopPositions(stops, { userOriginId, userDestinationId });

describe('a ticket’s From and To as route positions', () => {
  it('reads them as its seat rows hold them: on a route that calls at a stop twice, the To after the From', () => {
    expect(positions('male', 'airport')).toEqual({ fromStop: 0, toStop: 1 });
    expect(positions('airport', 'male')).toEqual({ fromStop: 1, toStop: 3 });
    expect(positions('male', 'male')).toEqual({ fromStop: 0, toStop: 3 });
  });

  it('travels from the first stop, or to the last, without them; the whole route when they no longer fit it', () => {
    expect(positions(null, 'thoddoo')).toEqual({ fromStop: 0, toStop: 2 });
    expect(positions('airport', null)).toEqual({ fromStop: 1, toStop: 3 });
    expect(positions('gone', 'thoddoo')).toEqual({ fromStop: 0, toStop: 2 });
    expect(positions('thoddoo', 'airport')).toEqual({ fromStop: 0, toStop: 3 });
  });
});
