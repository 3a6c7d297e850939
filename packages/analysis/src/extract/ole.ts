import CFB from 'cfb';
import type { CFB$Container } from 'cfb';
import { isNumbersOnly } from '../count/words.ts';
import { AnalysisError, ErrorKeys } from '../errors.ts';
import { readWhole, textDecoder } from '../io.ts';
import type { Source } from '../io.ts';
import type { ExtractContext } from './context.ts';
import { collapseSpace } from '../normalize.ts';

export type OleKind = 'doc' | 'xls' | 'ppt' | 'encrypted' | 'unknown';

export interface OleFile {
  kind: OleKind;
  cfb: CFB$Container;
}

/** Opens an OLE compound file (the container of .doc, .xls, .ppt and of encrypted OOXML). */
export async function openOle(path: Source, maxBytes: number): Promise<OleFile> {
  const buf = await readWhole(path, maxBytes);
  let cfb: CFB$Container;
  try {
    cfb = CFB.read(buf, { type: 'buffer' });
  } catch {
    throw new AnalysisError(ErrorKeys.corruptFile);
  }
  const has = (name: string) => CFB.find(cfb, name) !== null;
  let kind: OleKind = 'unknown';
  if (has('EncryptionInfo') || has('EncryptedPackage')) kind = 'encrypted';
  else if (has('WordDocument')) kind = 'doc';
  else if (has('Workbook') || has('Book')) kind = 'xls';
  else if (has('PowerPoint Document')) kind = 'ppt';
  return { kind, cfb };
}

export function stream(cfb: CFB$Container, name: string): Buffer | undefined {
  const e = CFB.find(cfb, name);
  if (!e || !e.content) return undefined;
  const c = e.content as unknown;
  return Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array);
}

const cp1252 = textDecoder('windows-1252');
const utf16 = new TextDecoder('utf-16le');

// ---------------------------------------------------------------- Word 97–2003

/**
 * Word binary (.doc): the text of the piece table (body, footnotes, headers, comments, endnotes,
 * text boxes), with field codes removed and field results kept. Hidden text and tracked
 * deletions are not distinguished in this format (that needs the character property tables).
 */
export function extractDoc(ole: OleFile, ctx: ExtractContext): void {
  const word = stream(ole.cfb, 'WordDocument');
  if (!word || word.length < 0x200) throw new AnalysisError(ErrorKeys.corruptFile);
  if (word.readUInt16LE(0) !== 0xa5ec) throw new AnalysisError(ErrorKeys.corruptFile);
  const flags = word.readUInt16LE(0x0a);
  if (flags & 0x0100) throw new AnalysisError(ErrorKeys.encrypted);
  const table = stream(ole.cfb, flags & 0x0200 ? '1Table' : '0Table');
  if (!table) throw new AnalysisError(ErrorKeys.corruptFile);
  const csw = word.readUInt16LE(32);
  const rgLwStart = 32 + 2 + csw * 2 + 2;
  const cslw = word.readUInt16LE(rgLwStart - 2);
  const lw = (i: number) => word.readInt32LE(rgLwStart + i * 4);
  // ccpText, ccpFtn, ccpHdd, ccpMcr (unused), ccpAtn, ccpEdn, ccpTxbx, ccpHdrTxbx
  const totalCp = [3, 4, 5, 7, 8, 9, 10].reduce((s, i) => s + Math.max(0, lw(i)), 0);
  const fcLcbStart = rgLwStart + cslw * 4 + 2;
  const fcClx = word.readUInt32LE(fcLcbStart + 33 * 8);
  const lcbClx = word.readUInt32LE(fcLcbStart + 33 * 8 + 4);
  if (fcClx + lcbClx > table.length || lcbClx === 0) throw new AnalysisError(ErrorKeys.corruptFile);
  let pos = fcClx;
  const end = fcClx + lcbClx;
  while (pos < end && table[pos] === 0x01) pos += 3 + table.readUInt16LE(pos + 1);
  if (table[pos] !== 0x02) throw new AnalysisError(ErrorKeys.corruptFile);
  const lcb = table.readUInt32LE(pos + 1);
  const plc = pos + 5;
  const n = Math.floor((lcb - 4) / 12);
  const parts: string[] = [];
  let done = 0;
  for (let i = 0; i < n && done < totalCp; i++) {
    const cpStart = table.readUInt32LE(plc + i * 4);
    const cpEnd = table.readUInt32LE(plc + (i + 1) * 4);
    const pcd = plc + (n + 1) * 4 + i * 8;
    const fcRaw = table.readUInt32LE(pcd + 2);
    const count = Math.min(cpEnd - cpStart, totalCp - done);
    if (count <= 0) continue;
    const compressed = (fcRaw & 0x40000000) !== 0;
    const fc = fcRaw & 0x3fffffff;
    if (compressed) {
      const off = fc / 2;
      parts.push(cp1252.decode(word.subarray(off, Math.min(word.length, off + count))));
    } else {
      parts.push(utf16.decode(word.subarray(fc, Math.min(word.length, fc + count * 2))));
    }
    done += count;
  }
  emitWordText(parts.join(''), ctx);
}

function emitWordText(text: string, ctx: ExtractContext): void {
  const fields: boolean[] = []; // true while in the field's code part
  let para: string[] = [];
  const flush = () => {
    const p = collapseSpace(para.join(''));
    para = [];
    if (p) ctx.emit(p);
  };
  let runStart = 0;
  const inCode = () => fields.some((c) => c);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x20 && c !== 0xa0) continue;
    if (!inCode() && i > runStart) para.push(text.slice(runStart, i));
    runStart = i + 1;
    switch (c) {
      case 0x13:
        fields.push(true);
        break;
      case 0x14:
        if (fields.length) fields[fields.length - 1] = false;
        break;
      case 0x15:
        fields.pop();
        break;
      case 0x0d:
      case 0x07:
      case 0x0c:
        if (!inCode()) flush();
        break;
      case 0x09:
      case 0x0b:
      case 0xa0:
        if (!inCode()) para.push(' ');
        break;
      case 0x1e:
        if (!inCode()) para.push('-');
        break;
      default:
        break; // pictures, footnote and comment marks, optional hyphens
    }
  }
  if (!inCode() && runStart < text.length) para.push(text.slice(runStart));
  flush();
}

// ---------------------------------------------------------------- Excel 97–2003 (BIFF8, BIFF5)

/** Excel binary (.xls, .xlt): text cells (shared strings and labels) in stream order; numbers do not count. */
export function extractXls(ole: OleFile, ctx: ExtractContext): void {
  const wb = stream(ole.cfb, 'Workbook') ?? stream(ole.cfb, 'Book');
  if (!wb) throw new AnalysisError(ErrorKeys.corruptFile);
  const emitCell = (s: string) => {
    const t = collapseSpace(s);
    if (t && !isNumbersOnly(t)) ctx.emit(t);
  };
  let biff8 = true;
  let sst: string[] = [];
  let pos = 0;
  while (pos + 4 <= wb.length) {
    const type = wb.readUInt16LE(pos);
    const len = wb.readUInt16LE(pos + 2);
    const data = wb.subarray(pos + 4, pos + 4 + len);
    pos += 4 + len;
    switch (type) {
      case 0x0809:
        if (data.length >= 2) biff8 = data.readUInt16LE(0) === 0x0600;
        break;
      case 0x002f:
        throw new AnalysisError(ErrorKeys.encrypted);
      case 0x00fc: {
        const segments = [data];
        while (pos + 4 <= wb.length && wb.readUInt16LE(pos) === 0x003c) {
          const l = wb.readUInt16LE(pos + 2);
          segments.push(wb.subarray(pos + 4, pos + 4 + l));
          pos += 4 + l;
        }
        sst = readSst(segments);
        break;
      }
      case 0x00fd:
        if (data.length >= 10) {
          const s = sst[data.readUInt32LE(6)];
          if (s !== undefined) emitCell(s);
        }
        break;
      case 0x0204:
      case 0x00d6:
        if (data.length >= 8) {
          const cch = data.readUInt16LE(6);
          if (biff8) {
            const high = (data[8] ?? 0) & 1;
            emitCell(
              high ? utf16.decode(data.subarray(9, 9 + cch * 2)) : cp1252.decode(data.subarray(9, 9 + cch)),
            );
          } else {
            emitCell(cp1252.decode(data.subarray(8, 8 + cch)));
          }
        }
        break;
    }
  }
}

/** The shared string table, whose strings may continue across CONTINUE records. */
export function readSst(segments: Buffer[]): string[] {
  let seg = 0;
  let off = 8;
  const cur = () => segments[seg] as Buffer;
  const ensure = () => {
    while (seg < segments.length && off >= cur().length) {
      seg++;
      off = 0;
    }
    return seg < segments.length;
  };
  const u8 = () => (ensure() ? (cur()[off++] ?? 0) : 0);
  const u16 = () => u8() | (u8() << 8);
  const u32 = () => (u16() | (u16() << 16)) >>> 0;
  const skip = (n: number) => {
    let left = n;
    while (left > 0 && ensure()) {
      const take = Math.min(left, cur().length - off);
      off += take;
      left -= take;
    }
  };
  const first = segments[0];
  const unique = first && first.length >= 8 ? first.readUInt32LE(4) : 0;
  const out: string[] = [];
  for (let i = 0; i < unique && ensure(); i++) {
    const cch = u16();
    const grbit = u8();
    let high = grbit & 1;
    const runs = grbit & 8 ? u16() : 0;
    const ext = grbit & 4 ? u32() : 0;
    const parts: string[] = [];
    let left = cch;
    while (left > 0 && ensure()) {
      const bytesPer = high ? 2 : 1;
      const avail = Math.floor((cur().length - off) / bytesPer);
      if (avail === 0) {
        seg++;
        off = 0;
        if (!ensure()) break;
        high = u8() & 1;
        continue;
      }
      const take = Math.min(avail, left);
      const slice = cur().subarray(off, off + take * bytesPer);
      parts.push(high ? utf16.decode(slice) : cp1252.decode(slice));
      off += take * bytesPer;
      left -= take;
      if (left > 0 && off >= cur().length) {
        seg++;
        off = 0;
        if (!ensure()) break;
        high = u8() & 1;
      }
    }
    skip(runs * 4 + ext);
    out.push(parts.join(''));
  }
  return out;
}

// ---------------------------------------------------------------- PowerPoint 97–2003

const CONTAINER_SKIP = new Set([0x03f8 /* MainMaster */, 0x0fc9 /* Handout */, 0x03ff /* VBAInfo */]);

/** PowerPoint binary (.ppt): slide, text box, table and notes text (TextChars/TextBytes atoms); masters are skipped. */
export function extractPpt(ole: OleFile, ctx: ExtractContext): void {
  if (CFB.find(ole.cfb, 'EncryptedSummary')) throw new AnalysisError(ErrorKeys.encrypted);
  const doc = stream(ole.cfb, 'PowerPoint Document');
  if (!doc) throw new AnalysisError(ErrorKeys.corruptFile);
  const emitText = (t: string) => {
    for (const p of t.split(/[\r\n]/)) {
      const s = collapseSpace(p);
      if (s && s !== '*') ctx.emit(s);
    }
  };
  const walk = (start: number, end: number, depth: number) => {
    let pos = start;
    while (pos + 8 <= end) {
      const verInst = doc.readUInt16LE(pos);
      const type = doc.readUInt16LE(pos + 2);
      const len = doc.readUInt32LE(pos + 4);
      const bodyStart = pos + 8;
      const bodyEnd = Math.min(end, bodyStart + len);
      if (type === 0x2f14) throw new AnalysisError(ErrorKeys.encrypted);
      if ((verInst & 0x0f) === 0x0f) {
        if (!CONTAINER_SKIP.has(type) && depth < 64) walk(bodyStart, bodyEnd, depth + 1);
      } else if (type === 0x0fa0) {
        emitText(utf16.decode(doc.subarray(bodyStart, bodyEnd)));
      } else if (type === 0x0fa8) {
        emitText(cp1252.decode(doc.subarray(bodyStart, bodyEnd)));
      }
      pos = bodyStart + len;
    }
  };
  walk(0, doc.length, 0);
}
