import { describe, expect, it } from 'vitest';
import { describeChange, fieldLabel, formatValue, VALUE_LIMIT } from './describe-change.ts';

describe('describeChange', () => {
  it('lists only the fields whose value differs, old order first', () => {
    const summary = describeChange(
      { ticketStatus: 'pending', paymentStatus: 'pending', seats: ['A1'] },
      { ticketStatus: 'confirmed', paymentStatus: 'pending', seats: ['A1'], approvedBy: 'x' },
    );
    expect(summary).toEqual({
      shape: 'update',
      fields: [
        { kind: 'changed', field: 'Ticket status', before: 'pending', after: 'confirmed' },
        { kind: 'changed', field: 'Approved by', before: null, after: 'x' },
      ],
    });
  });

  it('shows nested values as compact JSON and a dropped field as gone', () => {
    const summary = describeChange({ stops: [{ id: 1 }], note: 'a' }, { stops: [{ id: 2 }] });
    expect(summary.fields).toEqual([
      { kind: 'changed', field: 'Stops', before: '[{"id":1}]', after: '[{"id":2}]' },
      { kind: 'changed', field: 'Note', before: 'a', after: null },
    ]);
  });

  it('lists every field of a creation or a removal', () => {
    expect(describeChange(null, { name: 'Malé', active: true })).toEqual({
      shape: 'after',
      fields: [
        { kind: 'value', field: 'Name', value: 'Malé' },
        { kind: 'value', field: 'Active', value: 'true' },
      ],
    });
    expect(describeChange({ role: 'office' }, null)).toEqual({
      shape: 'before',
      fields: [{ kind: 'value', field: 'Role', value: 'office' }],
    });
    expect(describeChange(null, null)).toEqual({ shape: 'none', fields: [] });
  });

  it('reads a snapshot that is not an object as one value', () => {
    expect(describeChange('old', 'new').fields).toEqual([
      { kind: 'changed', field: 'Value', before: 'old', after: 'new' },
    ]);
  });

  it('finds nothing changed in equal snapshots', () => {
    expect(describeChange({ a: 1 }, { a: 1 })).toEqual({ shape: 'update', fields: [] });
  });
});

describe('fieldLabel and formatValue', () => {
  it('writes keys as words', () => {
    expect(fieldLabel('ticketStatus')).toBe('Ticket status');
    expect(fieldLabel('bank_account_2')).toBe('Bank account 2');
    expect(fieldLabel('clientIp')).toBe('Client IP');
    expect(fieldLabel('entity_id')).toBe('Entity ID');
  });

  it('keeps values short and visible', () => {
    expect(formatValue(null)).toBe('empty');
    expect(formatValue('')).toBe('""');
    expect(formatValue(12.5)).toBe('12.5');
    expect(formatValue('x'.repeat(VALUE_LIMIT + 10))).toHaveLength(VALUE_LIMIT);
  });
});
