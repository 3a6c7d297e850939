import { describe, expect, it } from 'vitest';
import { AnalysisError, readXlsFirstSheet } from '../src/index.ts';
import { docFile, xlsFile, xlsWorkbook } from './ole-builders.ts';

describe('readXlsFirstSheet', () => {
  it('reads text, numbers, RK, MULRK and formula results of the first sheet by row and column', () => {
    const file = xlsWorkbook([
      ['source', 'target', 'r1', 'r2'],
      ['en', 'es', 0.085, 30.5],
      ['en', null, { rk: 12 }, { rk: 0.25 }],
      [],
      ['fr', 'de', { formula: 0.1234 }, { formula: 'text result' }],
      ['  ca ', '   ', { mulrk: [3, 4.5] }],
    ]);
    expect(readXlsFirstSheet(file, 100)).toEqual([
      { row: 1, cells: ['source', 'target', 'r1', 'r2'] },
      { row: 2, cells: ['en', 'es', 0.085, 30.5] },
      { row: 3, cells: ['en', null, 12, 0.25] },
      { row: 5, cells: ['fr', 'de', 0.1234, 'text result'] },
      { row: 6, cells: ['ca', null, 3, 4.5] },
    ]);
  });

  it('stops one row past the limit so the caller can refuse a sheet that is too long', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [`row ${i}`]);
    expect(readXlsFirstSheet(xlsWorkbook(rows), 10)).toHaveLength(11);
  });

  it('reads shared strings continued across records (the analysis fixture)', () => {
    // That fixture has no sheet directory and writes its LABEL and NUMBER over A1.
    expect(readXlsFirstSheet(xlsFile(), 10)).toEqual([
      { row: 1, cells: [0, '12345', 'Shared twice', 'Shared twice', 'Split string'] },
    ]);
  });

  it('refuses what is not a readable workbook', () => {
    expect(() => readXlsFirstSheet(new TextEncoder().encode('not a workbook'), 10)).toThrow(AnalysisError);
    expect(() => readXlsFirstSheet(docFile('a Word file'), 10)).toThrow(AnalysisError);
    expect(() => readXlsFirstSheet(xlsFile({ encrypted: true }), 10)).toThrow(AnalysisError);
  });
});
