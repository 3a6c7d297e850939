import CFB from 'cfb';
import type { CFB$Container } from 'cfb';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import { readSst, stream } from '../extract/ole.ts';

export type XlsCell = string | number | null;

export interface XlsRow {
  /** The row number Excel shows (1-based). */
  row: number;
  /** Cell values by column, A = 0; blank and whitespace-only cells are null. */
  cells: XlsCell[];
}

const cp1252 = new TextDecoder('windows-1252');
const utf16 = new TextDecoder('utf-16le');

const EOF = 0x000a;
const BOF = 0x0809;
const FILEPASS = 0x002f;
const SST = 0x00fc;
const CONTINUE = 0x003c;
const BOUNDSHEET = 0x0085;
const LABELSST = 0x00fd;
const LABEL = 0x0204;
const NUMBER = 0x0203;
const RK = 0x027e;
const MULRK = 0x00bd;
const FORMULA = 0x0006;
const STRING = 0x0207;

interface BiffRecord {
  type: number;
  data: Buffer;
  /** Offset of the record that follows. */
  next: number;
}

function recordAt(wb: Buffer, pos: number): BiffRecord | null {
  if (pos + 4 > wb.length) return null;
  const len = wb.readUInt16LE(pos + 2);
  return { type: wb.readUInt16LE(pos), data: wb.subarray(pos + 4, pos + 4 + len), next: pos + 4 + len };
}

/** An RK number: a 30-bit integer or the high bits of a double, optionally times 100. */
function rkValue(rk: number): number {
  let value: number;
  if (rk & 2) value = rk >> 2;
  else {
    const b = Buffer.alloc(8);
    b.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = b.readDoubleLE(0);
  }
  return rk & 1 ? value / 100 : value;
}

/** A BIFF8 string with a 16-bit length (LABEL, STRING); BIFF5 strings are 8-bit code page. */
function biffString(data: Buffer, offset: number, biff8: boolean): string {
  const cch = data.readUInt16LE(offset);
  if (!biff8) return cp1252.decode(data.subarray(offset + 2, offset + 2 + cch));
  const high = (data[offset + 2] ?? 0) & 1;
  const start = offset + 3;
  return high
    ? utf16.decode(data.subarray(start, start + cch * 2))
    : cp1252.decode(data.subarray(start, start + cch));
}

/**
 * The cells of the first worksheet of an Excel 97–2003 workbook (.xls, BIFF8; BIFF5 labels too):
 * text, numbers (NUMBER, RK, MULRK) and formula results. Reading stops after `maxRows` rows with
 * content have been collected plus one, so a caller can tell the sheet has too many.
 */
export function readXlsFirstSheet(bytes: Uint8Array, maxRows: number): XlsRow[] {
  let cfb: CFB$Container;
  try {
    cfb = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer' });
  } catch {
    throw new AnalysisError(ErrorKeys.corruptFile);
  }
  if (CFB.find(cfb, 'EncryptionInfo')) throw new AnalysisError(ErrorKeys.encrypted);
  const wb = stream(cfb, 'Workbook') ?? stream(cfb, 'Book');
  if (!wb) throw new AnalysisError(ErrorKeys.corruptFile);

  // The workbook globals: version, encryption, shared strings and where each sheet starts.
  let biff8 = true;
  let sst: string[] = [];
  let firstSheet: number | null = null;
  let globalsEnd = wb.length;
  for (let rec = recordAt(wb, 0); rec; rec = recordAt(wb, rec.next)) {
    if (rec.type === EOF) {
      globalsEnd = rec.next;
      break;
    }
    if (rec.type === BOF && rec.data.length >= 2) biff8 = rec.data.readUInt16LE(0) === 0x0600;
    else if (rec.type === FILEPASS) throw new AnalysisError(ErrorKeys.encrypted);
    else if (rec.type === SST) {
      const segments = [rec.data];
      let follow = recordAt(wb, rec.next);
      while (follow && follow.type === CONTINUE) {
        segments.push(follow.data);
        rec = follow;
        follow = recordAt(wb, rec.next);
      }
      sst = readSst(segments);
    } else if (rec.type === BOUNDSHEET && rec.data.length >= 6 && firstSheet === null && rec.data[5] === 0)
      firstSheet = rec.data.readUInt32LE(0);
  }
  // Without a sheet directory (some writers omit it) the first sheet follows the globals.
  firstSheet ??= globalsEnd;

  const rows = new Map<number, XlsCell[]>();
  const set = (row: number, col: number, value: XlsCell) => {
    if (typeof value === 'string') value = value.trim() === '' ? null : value.trim();
    if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return;
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    cells[col] = value;
  };
  let pendingFormula: { row: number; col: number } | null = null;
  for (let rec = recordAt(wb, firstSheet); rec && rows.size <= maxRows; rec = recordAt(wb, rec.next)) {
    const { type, data } = rec;
    if (type === EOF) break;
    if (type === STRING && pendingFormula && data.length >= 3) {
      set(pendingFormula.row, pendingFormula.col, biffString(data, 0, biff8));
      pendingFormula = null;
    }
    if (data.length < 6) continue;
    const row = data.readUInt16LE(0);
    const col = data.readUInt16LE(2);
    if (type === LABELSST && data.length >= 10) set(row, col, sst[data.readUInt32LE(6)] ?? null);
    else if (type === LABEL && data.length >= 8) set(row, col, biffString(data, 6, biff8));
    else if (type === NUMBER && data.length >= 14) set(row, col, data.readDoubleLE(6));
    else if (type === RK && data.length >= 10) set(row, col, rkValue(data.readUInt32LE(6)));
    else if (type === MULRK)
      for (let i = 0, at = 4; at + 6 <= data.length - 2; i++, at += 6)
        set(row, col + i, rkValue(data.readUInt32LE(at + 2)));
    else if (type === FORMULA && data.length >= 14) {
      // A result whose last two bytes are 0xFFFF is not a number; a text result follows in STRING.
      if (data.readUInt16LE(12) !== 0xffff) set(row, col, data.readDoubleLE(6));
      else if (data[6] === 0) pendingFormula = { row, col };
    }
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([row, cells]) => ({ row: row + 1, cells: Array.from(cells, (c) => c ?? null) }));
}
