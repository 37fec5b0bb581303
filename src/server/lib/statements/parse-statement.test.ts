import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '#shared/statements.ts';
import { sniffCsv } from './csv.ts';
import { parseStatement } from './parse-statement.ts';
import { MappingRequiredError, StatementInvalidError } from './types.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/statements/${name}`, import.meta.url));

const MIB: CsvMapping = {
  headerRow: 3,
  date: 'Booking Date',
  amount: 'Amount',
  currency: 'Currency',
  remark: 'Details',
  payer: 'Payer',
  dateFormat: 'DD.MM.YYYY',
  decimalMark: ',',
};

const none = async () => null;

async function rejection<T extends Error>(
  promise: Promise<unknown>,
  kind: new (...args: never[]) => T,
): Promise<T> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof kind) return error;
    throw error;
  }
  throw new Error(`expected a ${kind.name}`);
}

describe('parseStatement', () => {
  it('reads camt.053 by its XML, lines of another currency than the account included', async () => {
    const parsed = await parseStatement(fixture('camt053-mvr.xml'), { account: 'USD', mappingFor: none });
    expect(parsed.format).toBe('camt053');
    expect(parsed.layoutKey).toBeNull();
    expect(parsed.lines).toHaveLength(8);
    expect(parsed.lines.filter((l) => l.currency === 'USD').map((l) => l.amount)).toEqual(['30.00']);
  });

  it('asks for a mapping of a CSV layout it does not know, with the headers, a preview and a guess', async () => {
    const asked: string[] = [];
    const error = await rejection(
      parseStatement(fixture('mib-style.csv'), {
        account: 'MVR',
        mappingFor: async (key) => {
          asked.push(key);
          return null;
        },
      }),
      MappingRequiredError,
    );
    const { layoutKey } = sniffCsv(fixture('mib-style.csv').toString('utf8'));
    expect(asked).toEqual([layoutKey]);
    expect(error.layoutKey).toBe(layoutKey);
    expect(error.details.headerRow).toBe(3);
    expect(error.details.headers).toEqual(['Booking Date', 'Details', 'Payer', 'Amount', 'Currency']);
    expect(error.details.preview).toHaveLength(5);
    expect(error.details.preview[0]).toEqual([
      '28.11.2026',
      'Ferry booking 2611280047',
      'Hassan Ali',
      '1.250,00',
      'MVR',
    ]);
    expect(error.details.guess).toMatchObject({
      amount: 'Amount',
      dateFormat: 'DD.MM.YYYY',
      decimalMark: ',',
    });
  });

  it('uses the saved mapping of the layout, and a mapping sent with the file before it', async () => {
    const saved = await parseStatement(fixture('mib-style.csv'), {
      account: 'MVR',
      mappingFor: async () => MIB,
    });
    expect(saved.format).toBe('csv');
    expect(saved.lines.map((l) => l.amount)).toEqual(['1250.00', '450.00', '-12.50', '30.00', '1250.00']);
    const sent = await parseStatement(fixture('mib-style.csv'), {
      account: 'MVR',
      mappingFor: async () => ({ ...MIB, payer: 'Nobody' }),
      mapping: MIB,
    });
    expect(sent.lines[0]?.payer).toBe('Hassan Ali');
  });

  it('refuses an empty file, a file that is not UTF-8 text, and XML that is not camt.053', async () => {
    for (const file of [
      Buffer.alloc(0),
      Buffer.from('  \r\n'),
      Buffer.from([0xff, 0xfe, 0x44, 0x00, 0x61, 0x00]),
      Buffer.from([0x25, 0x50, 0x44, 0x46, 0xc3, 0x28]),
      Buffer.from('<?xml version="1.0"?><Invoice><Total>1</Total></Invoice>'),
    ]) {
      const error = await rejection(
        parseStatement(file, { account: 'MVR', mappingFor: none }),
        StatementInvalidError,
      );
      expect(error).toMatchObject({ row: 0, field: 'file' });
    }
  });

  it('refuses more than 50,000 lines', async () => {
    const rows = Array.from({ length: 50_001 }, () => '28/11/2026,1.00,x');
    const file = Buffer.from(['Date,Amount,Remark', ...rows].join('\n'));
    const error = await rejection(
      parseStatement(file, { account: 'MVR', mappingFor: none }),
      StatementInvalidError,
    );
    expect(error).toMatchObject({ row: 0, field: 'file', problem: 'More than 50,000 lines' });
  });
});
