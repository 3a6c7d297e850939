import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyse, docx, odf, wp, xlsx, zip } from './helpers.ts';
import { docFile, pptFile, xlsFile } from './ole-builders.ts';

const seeds: Record<string, Uint8Array> = {
  'a.docx': docx(wp('Hello world, this is a document.') + wp('Second paragraph.')),
  'a.xlsx': xlsx(['Shared text', 'More text'], '<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'),
  'a.odt': odf('text', '<office:text><text:p>Some words here.</text:p></office:text>'),
  'a.zip': zip({ 'a.txt': 'plain words', 'b.html': '<p>html words</p>', 'c.zip': zip({ 'd.txt': 'deep' }) }),
  'a.doc': docFile('Word binary text.\rMore.\r'),
  'a.xls': xlsFile(),
  'a.ppt': pptFile(),
  'a.xml': new TextEncoder().encode('<?xml version="1.0"?><root><p>Text <b>bold</b></p></root>'),
};

describe('damaged files never crash the analysis', () => {
  it('random byte corruption gives a count or an error key, never an exception', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...Object.keys(seeds)),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        async (name, flips, cut) => {
          const bytes = Buffer.from(seeds[name] as Uint8Array);
          for (const [pos, value] of flips) bytes[pos % bytes.length] = value;
          const damaged = cut === undefined ? bytes : bytes.subarray(0, cut % bytes.length);
          const r = await analyse(
            { [name]: damaged, 'ok.txt': 'still counted' },
            { limits: { fileTimeoutMs: 10_000 } },
          );
          const f = r.files[0];
          if (f?.error) expect(f.error.key).toMatch(/^analysis\.errors\.[a-z_]+$/);
          else expect(f?.byTarget.es?.total_words).toBeGreaterThanOrEqual(0);
          expect(r.files[1]?.byTarget.es?.total_words).toBe(2);
        },
      ),
      { numRuns: 150 },
    );
  });
});
