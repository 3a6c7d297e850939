import CFB from 'cfb';

function oleFile(streams: Record<string, Buffer>): Uint8Array {
  const cfb = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams)) CFB.utils.cfb_add(cfb, `/${name}`, data);
  return new Uint8Array(CFB.write(cfb, { type: 'buffer' }) as Buffer);
}

/** A minimal Word 97 file: a FIB, one piece of text (8-bit or UTF-16) and its piece table. */
export function docFile(text: string, options: { unicode?: boolean; encrypted?: boolean } = {}): Uint8Array {
  const textOffset = 0x800;
  const data = options.unicode ? Buffer.from(text, 'utf16le') : Buffer.from(text, 'latin1');
  const word = Buffer.alloc(textOffset + data.length + 512);
  word.writeUInt16LE(0xa5ec, 0);
  word.writeUInt16LE(0x00c1, 2);
  word.writeUInt16LE(0x0200 | (options.encrypted ? 0x0100 : 0), 0x0a);
  word.writeUInt16LE(14, 32); // csw
  word.writeUInt16LE(22, 62); // cslw
  word.writeInt32LE(text.length, 64 + 3 * 4); // ccpText
  word.writeUInt16LE(93, 152); // cbRgFcLcb
  data.copy(word, textOffset);
  const table = Buffer.alloc(64);
  const lcb = 4 * 2 + 8;
  table[0] = 0x02;
  table.writeUInt32LE(lcb, 1);
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  const fc = options.unicode ? textOffset : (textOffset * 2) | 0x40000000;
  table.writeUInt32LE(fc >>> 0, 13 + 2);
  word.writeUInt32LE(0, 154 + 33 * 8); // fcClx
  word.writeUInt32LE(5 + lcb, 154 + 33 * 8 + 4); // lcbClx
  return oleFile({ WordDocument: word, '1Table': table });
}

function record(type: number, data: Buffer): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt16LE(type, 0);
  h.writeUInt16LE(data.length, 2);
  return Buffer.concat([h, data]);
}

function xlString(s: string): Buffer {
  const h = Buffer.alloc(3);
  h.writeUInt16LE(s.length, 0);
  h[2] = 0;
  return Buffer.concat([h, Buffer.from(s, 'latin1')]);
}

/**
 * A minimal BIFF8 workbook: a shared string table (the last string split across a CONTINUE
 * record, continuing in UTF-16), LABELSST cells, a LABEL cell and a NUMBER cell.
 */
export function xlsFile(options: { encrypted?: boolean } = {}): Uint8Array {
  const bof = (dt: number) => {
    const b = Buffer.alloc(16);
    b.writeUInt16LE(0x0600, 0);
    b.writeUInt16LE(dt, 2);
    return record(0x0809, b);
  };
  const strings = ['Hello spreadsheet', '12345', 'Shared twice'];
  const head = Buffer.alloc(8);
  head.writeUInt32LE(5, 0);
  head.writeUInt32LE(4, 4);
  // 4th string: "Split string" — first 6 chars in SST (8-bit), the rest in CONTINUE as UTF-16.
  const split = Buffer.alloc(3);
  split.writeUInt16LE('Split string'.length, 0);
  split[2] = 0;
  const sst = Buffer.concat([head, ...strings.map(xlString), split, Buffer.from('Split ', 'latin1')]);
  const cont = Buffer.concat([Buffer.from([1]), Buffer.from('string', 'utf16le')]);
  const labelSst = (isst: number, col: number) => {
    const b = Buffer.alloc(10);
    b.writeUInt16LE(0, 0);
    b.writeUInt16LE(col, 2);
    b.writeUInt32LE(isst, 6);
    return record(0x00fd, b);
  };
  const label = Buffer.concat([Buffer.alloc(6), xlString('Label cell')]);
  const number = Buffer.alloc(14);
  const parts = [bof(0x0005)];
  if (options.encrypted) parts.push(record(0x002f, Buffer.alloc(6)));
  parts.push(
    record(0x00fc, sst),
    record(0x003c, cont),
    record(0x000a, Buffer.alloc(0)),
    bof(0x0010),
    labelSst(0, 0),
    labelSst(1, 1),
    labelSst(2, 2),
    labelSst(2, 3),
    labelSst(3, 4),
    record(0x0204, label),
    record(0x0203, number),
    record(0x000a, Buffer.alloc(0)),
  );
  return oleFile({ Workbook: Buffer.concat(parts) });
}

/**
 * A cell of `xlsWorkbook`: text goes to the shared strings, numbers to NUMBER; `{ rk }`,
 * `{ formula }` and `{ mulrk }` (several RK cells from this column on, in one record) pick those.
 */
export type XlsTestCell =
  string | number | null | { rk: number } | { mulrk: number[] } | { formula: number | string };

function rk(value: number): number {
  if (Number.isInteger(value) && Math.abs(value) < 2 ** 29) return ((value << 2) | 2) >>> 0;
  if (Number.isInteger(value * 100) && Math.abs(value * 100) < 2 ** 29)
    return (((value * 100) << 2) | 3) >>> 0;
  throw new Error(`${value} has no exact RK form in this builder`);
}

/**
 * A BIFF8 workbook whose first worksheet holds `rows` from A1 (a second sheet follows to prove
 * only the first is read): LABELSST for text, NUMBER for numbers, RK / MULRK and FORMULA on request.
 */
export function xlsWorkbook(
  rows: XlsTestCell[][],
  secondSheet: XlsTestCell[][] = [['other sheet']],
): Uint8Array {
  const bof = (dt: number) => {
    const b = Buffer.alloc(16);
    b.writeUInt16LE(0x0600, 0);
    b.writeUInt16LE(dt, 2);
    return record(0x0809, b);
  };
  const strings: string[] = [];
  const stringIndex = (text: string) => {
    const at = strings.indexOf(text);
    return at >= 0 ? at : strings.push(text) - 1;
  };
  const cellRecord = (row: number, col: number, cell: Exclude<XlsTestCell, null>): Buffer[] => {
    const head = Buffer.alloc(6);
    head.writeUInt16LE(row, 0);
    head.writeUInt16LE(col, 2);
    if (typeof cell === 'string') {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(stringIndex(cell), 0);
      return [record(0x00fd, Buffer.concat([head, b]))];
    }
    if (typeof cell === 'number') {
      const b = Buffer.alloc(8);
      b.writeDoubleLE(cell, 0);
      return [record(0x0203, Buffer.concat([head, b]))];
    }
    if ('mulrk' in cell) {
      const values = cell.mulrk.map((v) => {
        const b = Buffer.alloc(6);
        b.writeUInt32LE(rk(v), 2);
        return b;
      });
      const last = Buffer.alloc(2);
      last.writeUInt16LE(col + cell.mulrk.length - 1, 0);
      return [record(0x00bd, Buffer.concat([head.subarray(0, 4), ...values, last]))];
    }
    if ('rk' in cell) {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(rk(cell.rk), 0);
      return [record(0x027e, Buffer.concat([head, b]))];
    }
    const result = Buffer.alloc(8 + 6);
    if (typeof cell.formula === 'number') result.writeDoubleLE(cell.formula, 0);
    else result.writeUInt16LE(0xffff, 6);
    const formula = record(0x0006, Buffer.concat([head, result]));
    return typeof cell.formula === 'number' ? [formula] : [formula, record(0x0207, xlString(cell.formula))];
  };
  const sheet = (cells: XlsTestCell[][]) =>
    Buffer.concat([
      bof(0x0010),
      ...cells.flatMap((row, r) => row.flatMap((cell, c) => (cell === null ? [] : cellRecord(r, c, cell)))),
      record(0x000a, Buffer.alloc(0)),
    ]);
  const first = sheet(rows);
  const second = sheet(secondSheet);
  const sstHead = Buffer.alloc(8);
  sstHead.writeUInt32LE(strings.length, 0);
  sstHead.writeUInt32LE(strings.length, 4);
  const sst = record(0x00fc, Buffer.concat([sstHead, ...strings.map(xlString)]));
  const boundSheet = (offset: number, name: string) => {
    const b = Buffer.alloc(6);
    b.writeUInt32LE(offset, 0);
    return record(0x0085, Buffer.concat([b, Buffer.from([name.length, 0]), Buffer.from(name, 'latin1')]));
  };
  const globalsLength =
    bof(0x0005).length + boundSheet(0, 'rates').length + boundSheet(0, 'other').length + sst.length + 4;
  const globals = Buffer.concat([
    bof(0x0005),
    boundSheet(globalsLength, 'rates'),
    boundSheet(globalsLength + first.length, 'other'),
    sst,
    record(0x000a, Buffer.alloc(0)),
  ]);
  return oleFile({ Workbook: Buffer.concat([globals, first, second]) });
}

function pptRecord(type: number, body: Buffer, container = false): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(container ? 0x000f : 0, 0);
  h.writeUInt16LE(type, 2);
  h.writeUInt32LE(body.length, 4);
  return Buffer.concat([h, body]);
}

/** A minimal PowerPoint 97 stream: slide text in UTF-16 and 8-bit atoms, and a master that must be skipped. */
export function pptFile(): Uint8Array {
  const slideText = pptRecord(
    0x0ff0,
    Buffer.concat([
      pptRecord(0x0fa0, Buffer.from('Slide title\rFirst bullet point', 'utf16le')),
      pptRecord(0x0fa8, Buffer.from('Notes in bytes', 'latin1')),
    ]),
    true,
  );
  const master = pptRecord(
    0x03f8,
    pptRecord(0x0fa0, Buffer.from('Click to edit Master title style', 'utf16le')),
    true,
  );
  const doc = pptRecord(0x03e8, Buffer.concat([slideText, master]), true);
  return oleFile({ 'PowerPoint Document': doc, 'Current User': Buffer.alloc(16) });
}

/** What Office writes for a password-protected .docx/.xlsx/.pptx: an OLE file with the encrypted package. */
export function encryptedOoxml(): Uint8Array {
  return oleFile({
    EncryptionInfo: Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]),
    EncryptedPackage: Buffer.alloc(64, 7),
  });
}
