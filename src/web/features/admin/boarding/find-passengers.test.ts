import { describe, expect, it } from 'vitest';
import { byReference, findPassengers } from './find-passengers.ts';

const passengers = [
  { name: 'Aisha Ahmed', reference: '2611000001' },
  { name: 'Mohamed Aishan', reference: '2611000002' },
  { name: 'އައިޝާ އަޙްމަދު', reference: '2611000003' },
  { name: 'Ibrahim  Rasheed', reference: 'AB12CD' },
  {
    name: 'Mariyam Zahir',
    reference: '2611000005',
    persons: [
      { name: 'Mariyam Zahir', category: 'adult' as const },
      { name: 'Zayan Nasih', category: 'infant' as const },
    ],
  },
];

describe('finding a booking on the boarding screen', () => {
  it('finds by any part of the name, whatever the case and spacing', () => {
    expect(findPassengers(passengers, 'aisha').map((p) => p.reference)).toEqual(['2611000001', '2611000002']);
    expect(findPassengers(passengers, '  AHMED ').map((p) => p.reference)).toEqual(['2611000001']);
    expect(findPassengers(passengers, 'ibrahim rasheed').map((p) => p.reference)).toEqual(['AB12CD']);
  });

  it('finds a Thaana name by part of it, decomposed or not', () => {
    expect(findPassengers(passengers, 'އަޙްމަދު').map((p) => p.reference)).toEqual(['2611000003']);
    expect(findPassengers(passengers, 'އައިޝާ'.normalize('NFD')).map((p) => p.reference)).toEqual([
      '2611000003',
    ]);
  });

  it('finds by part of the reference, and exactly by the whole of it', () => {
    expect(findPassengers(passengers, '000003').map((p) => p.name)).toEqual(['އައިޝާ އަޙްމަދު']);
    expect(byReference(passengers, 'ab12cd')?.name).toBe('Ibrahim  Rasheed');
    expect(byReference(passengers, '2611')).toBeNull();
  });

  it('finds a party by the name of any of its persons (docs/decisions/035)', () => {
    expect(findPassengers(passengers, 'zayan').map((p) => p.reference)).toEqual(['2611000005']);
  });

  it('finds nobody for an empty search or a name not on the list', () => {
    expect(findPassengers(passengers, '   ')).toEqual([]);
    expect(findPassengers(passengers, 'Hassan')).toEqual([]);
  });
});
