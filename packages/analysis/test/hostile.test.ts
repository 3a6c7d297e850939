import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { analyseTask, ErrorKeys } from '../src/index.ts';
import { analyse, docx, odf, paragraphsOf, wp, zip } from './helpers.ts';
import { docFile, encryptedOoxml, xlsFile } from './ole-builders.ts';

const ok = { 'fine.txt': 'These four words count.' };

function fileError(result: Awaited<ReturnType<typeof analyse>>, name: string) {
  return result.files.find((f) => f.name === name)?.error?.key;
}

describe('hostile and broken files', () => {
  it('zip bomb: a small archive inflating past the ratio limit is refused, the rest is analysed', async () => {
    const bomb = zip({ 'zeros.txt': new Uint8Array(24 * 1024 * 1024) }, 9);
    expect(bomb.length).toBeLessThan(200_000);
    const r = await analyse(
      { 'bomb.zip': bomb, ...ok },
      { limits: { ratioThresholdBytes: 4 * 1024 * 1024 } },
    );
    expect(fileError(r, 'bomb.zip')).toBe(ErrorKeys.zipBomb);
    expect(r.files.find((f) => f.name === 'fine.txt')?.byTarget.es?.total_words).toBe(4);
  });

  it('zip bomb: total inflated size over the archive limit', async () => {
    const members: Record<string, string> = {};
    for (let i = 0; i < 20; i++) members[`f${i}.txt`] = 'word '.repeat(20_000);
    const r = await analyse({ 'big.zip': zip(members) }, { limits: { maxArchiveTotalBytes: 1_000_000 } });
    expect(fileError(r, 'big.zip')).toBe(ErrorKeys.zipBomb);
  });

  it('zip bomb: the bytes actually inflated are counted, not only the declared sizes', async () => {
    const r = await analyse(
      { 'one.zip': zip({ 'a.txt': 'word '.repeat(50_000) }) },
      { limits: { maxEntryBytes: 100_000 } },
    );
    expect(fileError(r, 'one.zip')).toBe(ErrorKeys.zipBomb);
  });

  it('deeply nested zips stop at the depth limit; shallower members still count', async () => {
    let nested: Uint8Array = zip({ 'bottom.txt': 'Bottom words' });
    for (let i = 0; i < 6; i++) nested = zip({ [`level${i}.zip`]: nested, [`text${i}.txt`]: `Level ${i}` });
    const r = await analyse({ 'nested.zip': nested }, { limits: { maxArchiveDepth: 2 } });
    const f = r.files[0];
    expect(f?.error).toBeUndefined();
    const deep = f?.members?.find((m) => m.error);
    expect(deep?.error?.key).toBe(ErrorKeys.zipDepth);
    expect(deep?.path).toBe('level5.zip/level4.zip/level3.zip');
    expect(f?.members?.filter((m) => !m.error).map((m) => m.path)).toEqual([
      'level5.zip/level4.zip/text3.txt',
      'level5.zip/text4.txt',
      'text5.txt',
    ]);
    expect(f?.byTarget.es?.total_words).toBe(6);
  });

  it('billion laughs: entity declarations are refused, never expanded', async () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
      <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><lolz>&lol3;</lolz>`;
    const r = await analyse({ 'laughs.xml': laughs, ...ok });
    expect(fileError(r, 'laughs.xml')).toBe(ErrorKeys.xmlEntities);
    expect(r.totals.es?.total_words).toBe(4);
  });

  it('external entities are refused and never fetched; a plain external DTD reference is harmless', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE foo [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><foo>&xxe;</foo>`;
    expect((await paragraphsOf('xxe.xml', xxe)).error?.key).toBe(ErrorKeys.xmlEntities);
    const dita = `<?xml version="1.0"?><!DOCTYPE topic SYSTEM "http://203.0.113.1/topic.dtd"><topic><title>Safe title</title></topic>`;
    expect((await paragraphsOf('t.dita', dita)).paragraphs).toEqual(['Safe title']);
    const undefinedEntity = '<root>&undefined;</root>';
    expect((await paragraphsOf('u.xml', undefinedEntity)).error?.key).toBe(ErrorKeys.xmlEntities);
  });

  it('entity declarations inside an Office part are refused too', async () => {
    const file = zip({
      '[Content_Types].xml': '<Types/>',
      'word/document.xml':
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><w:document xmlns:w="w"><w:body><w:p><w:r><w:t>&a;</w:t></w:r></w:p></w:body></w:document>',
    });
    expect((await paragraphsOf('a.docx', file)).error?.key).toBe(ErrorKeys.xmlEntities);
  });

  it('"../" and absolute paths inside archives are reported per member; safe members count', async () => {
    const file = zip({
      '../evil.txt': 'evil words',
      '/etc/abs.txt': 'absolute words',
      'C:/win.txt': 'drive words',
      'safe.txt': 'Safe words here',
    });
    const r = await analyse({ 'paths.zip': file });
    const members = r.files[0]?.members ?? [];
    expect(
      members
        .filter((m) => m.error?.key === ErrorKeys.pathTraversal)
        .map((m) => m.path)
        .sort(),
    ).toEqual(['../evil.txt', '/etc/abs.txt', 'C:/win.txt']);
    expect(r.files[0]?.byTarget.es?.total_words).toBe(3);
  });

  it('truncated and corrupt archives', async () => {
    const good = docx(wp('Some words in a document'));
    const r = await analyse({
      'truncated.zip': zip({ 'a.txt': 'hello world' }).slice(0, 40),
      'truncated.docx': good.slice(0, Math.floor(good.length / 2)),
      'garbage.zip': Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300, 0xee)]),
      ...ok,
    });
    expect(fileError(r, 'truncated.zip')).toBe(ErrorKeys.corruptArchive);
    expect(fileError(r, 'truncated.docx')).toBe(ErrorKeys.corruptArchive);
    expect(fileError(r, 'garbage.zip')).toBe(ErrorKeys.corruptArchive);
    expect(r.totals.es?.total_words).toBe(4);
  });

  it('corrupt data inside an archive member', async () => {
    const file = Buffer.from(zip({ 'a.txt': 'word '.repeat(5000) }, 9));
    // damage the deflate stream (after the 30-byte local header and the 5-byte name)
    for (let i = 40; i < 60; i++) file[i] = 0xff;
    const r = await analyse({ 'damaged.zip': file });
    const f = r.files[0];
    expect(f?.error?.key ?? f?.members?.[0]?.error?.key).toMatch(
      /analysis\.errors\.(corrupt_archive|zip_bomb)/,
    );
  });

  it('password-protected Office files: OOXML, Word, Excel, OpenDocument, encrypted zip members', async () => {
    const encryptedZip = Buffer.from(zip({ 'secret.txt': 'secret words', 'open.txt': 'open words' }, 6));
    // set the "encrypted" bit of the first member in its local header and its central directory entry
    encryptedZip[6] = (encryptedZip[6] ?? 0) | 1;
    const cd = encryptedZip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    encryptedZip[cd + 8] = (encryptedZip[cd + 8] ?? 0) | 1;
    const r = await analyse({
      'locked.docx': encryptedOoxml(),
      'locked.doc': docFile('Secret text\r', { encrypted: true }),
      'locked.xls': xlsFile({ encrypted: true }),
      'locked.odt': odf(
        'text',
        '<office:text><text:p>x</text:p></office:text>',
        '',
        '<manifest:file-entry><manifest:encryption-data/></manifest:file-entry>',
      ),
      'members.zip': encryptedZip,
    });
    for (const n of ['locked.docx', 'locked.doc', 'locked.xls', 'locked.odt'])
      expect(fileError(r, n)).toBe(ErrorKeys.encrypted);
    const members = r.files.find((f) => f.name === 'members.zip')?.members ?? [];
    expect(members.find((m) => m.path === 'secret.txt')?.error?.key).toBe(ErrorKeys.encrypted);
    expect(members.find((m) => m.path === 'open.txt')?.byTarget.es?.total_words).toBe(2);
  });

  it('a file whose extension lies is analysed as what it is, or refused when unknown', async () => {
    const r = await analyse({
      'report.docx': '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj',
      'notes.docx': 'Plain text after all',
      'image.txt': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 1, 2, 3]),
    });
    expect(fileError(r, 'report.docx')).toBe(ErrorKeys.unsupportedType);
    expect(r.files.find((f) => f.name === 'notes.docx')?.detectedType).toBe('txt');
    expect(r.files.find((f) => f.name === 'notes.docx')?.byTarget.es?.total_words).toBe(4);
    expect(fileError(r, 'image.txt')).toBe(ErrorKeys.unsupportedType);
  });

  it('an empty file and a file with no words count 0 without an error', async () => {
    const r = await analyse({ 'empty.txt': '', 'punct.txt': '... !!! ---\n\n  \n', 'empty.docx': docx('') });
    for (const f of r.files) {
      expect(f.error).toBeUndefined();
      expect(f.byTarget.es?.total_words).toBe(0);
    }
    expect(r.files[0]?.detectedType).toBe('empty');
  });

  it('a stream that never ends hits the time limit; a failing stream is a read error', async () => {
    const result = await analyseTask({
      files: [
        { id: '1', name: 'hang.txt', open: () => new Readable({ read() {} }) },
        {
          id: '2',
          name: 'fail.txt',
          open: () =>
            new Readable({
              read() {
                this.destroy(new Error('disk gone'));
              },
            }),
        },
        { id: '3', name: 'fine.txt', open: () => Readable.from([Buffer.from('Still counted here')]) },
      ],
      sourceLanguage: 'en',
      targetLanguages: ['de'],
      limits: { fileTimeoutMs: 200 },
    });
    expect(result.files.map((f) => f.error?.key)).toEqual([
      ErrorKeys.timeout,
      ErrorKeys.readFailed,
      undefined,
    ]);
    expect(result.totals.de?.total_words).toBe(3);
  });

  it('size limits are configuration', async () => {
    const r = await analyse({ 'big.txt': 'word '.repeat(1000), ...ok }, { limits: { maxFileBytes: 1000 } });
    expect(fileError(r, 'big.txt')).toBe(ErrorKeys.tooLarge);
    expect(fileError(r, 'fine.txt')).toBeUndefined();
  });

  it('too deeply nested XML is refused', async () => {
    const deep = '<a>'.repeat(2000) + 'text' + '</a>'.repeat(2000);
    expect((await paragraphsOf('deep.xml', deep)).error?.key).toBe(ErrorKeys.xmlInvalid);
  });

  it('a 5 MB single-line text file is counted (bounded segments, linear counting)', async () => {
    const line = 'lorem ipsum dolor sit amet '.repeat(200_000);
    expect(line.length).toBeGreaterThan(5_000_000);
    const r = await analyse({ 'one-line.txt': line });
    expect(r.files[0]?.byTarget.es?.total_words).toBe(1_000_000);
  });

  it('an abort signal stops the task; the remaining files are marked aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await analyseTask({
      files: [{ id: '1', name: 'a.txt', open: () => Readable.from([Buffer.from('x')]) }],
      sourceLanguage: 'en',
      targetLanguages: ['fr'],
      signal: controller.signal,
    });
    expect(result.files[0]?.error?.key).toBe(ErrorKeys.aborted);
  });
});

describe('limits and reporting', () => {
  it('too many entries in an archive', async () => {
    const r = await analyse(
      { 'many.zip': zip({ 'a.txt': 'a', 'b.txt': 'b', 'c.txt': 'c' }) },
      { limits: { maxArchiveEntries: 2 } },
    );
    expect(r.files[0]?.error?.key).toBe(ErrorKeys.zipEntries);
    expect(r.files[0]?.detectedType).toBe('zip');
  });

  it('a failed file still reports the type detected from its content', async () => {
    const r = await analyse({
      'laughs.txt': '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x>&a;</x>',
      'locked.docx': encryptedOoxml(),
    });
    expect(r.files.map((f) => [f.detectedType, f.error?.key])).toEqual([
      ['xml', ErrorKeys.xmlEntities],
      ['ole', ErrorKeys.encrypted],
    ]);
  });
});

describe('zip budgets instead of ratio alone', () => {
  it('a LibreOffice-like docx of 30,000 repeated contract paragraphs (ratio > 160) is analysed', async () => {
    const para =
      '<w:p><w:pPr><w:pStyle w:val="Normal"/><w:spacing w:before="0" w:after="140"/><w:jc w:val="both"/></w:pPr>' +
      '<w:r><w:rPr><w:rFonts w:ascii="Liberation Serif" w:hAnsi="Liberation Serif"/><w:sz w:val="24"/></w:rPr>' +
      '<w:t xml:space="preserve">The Supplier shall deliver the Goods to the Buyer at the place and on the date specified in the Order.</w:t></w:r></w:p>';
    const file = zip(
      {
        '[Content_Types].xml':
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${para.repeat(30_000)}</w:body></w:document>`,
      },
      9,
    );
    const r = await analyse({ 'contract.docx': file });
    expect(r.files[0]?.error).toBeUndefined();
    expect(r.files[0]?.byTarget.es?.total_words).toBe(30_000 * 20);
    expect(r.files[0]?.byTarget.es?.repetitions).toBe(29_999 * 20);
  }, 60_000);

  it('a bomb is stopped by its declared size before anything is inflated, with the default limits', async () => {
    // 40 MB of zeros in 40 KB: past the 32 MB threshold at a ratio of about 1000
    const bomb = zip({ 'zeros.txt': new Uint8Array(40 * 1024 * 1024) }, 9);
    const r = await paragraphsOf('bomb.zip', bomb);
    expect(r.error?.key).toBe(ErrorKeys.zipBomb);
    expect(r.error?.params?.reason).toBe('ratio');
  });
});
