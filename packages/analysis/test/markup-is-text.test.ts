import { describe, expect, it } from 'vitest';
import { countWordsPocount } from '../src/count/pocount.ts';
import { analyse, docx, odf, paragraphsOf, wp } from './helpers.ts';

const words = async (name: string, content: string | Uint8Array) =>
  (await analyse({ [name]: content })).totals.es?.total_words;

describe('only a format parser removes markup', () => {
  it('a plain text line with <placeholders> counts every word', async () => {
    expect(await words('howto.txt', 'Type cp <source file> <target dir> and press <Enter> to copy.\n')).toBe(
      11,
    );
  });

  it('HTML: a code sample written with &lt; &gt; is text; real tags are not', async () => {
    const html = `<!DOCTYPE html><html><head><title>Fields</title></head><body>
      <p>Insert the field <code>&lt;SDFIELD TYPE=PAGE SUBTYPE=RANDOM FORMAT=PAGE&gt;</code> in the footer.</p>
      <pre>&lt;SDFIELD TYPE=DOCSTAT&gt;42&lt;/SDFIELD&gt;</pre>
      <p>Use <b>bold</b> &amp; <i>italic</i>.</p></body></html>`;
    const r = await paragraphsOf('fields.html', html);
    expect(r.paragraphs).toEqual([
      'Fields',
      'Insert the field <SDFIELD TYPE=PAGE SUBTYPE=RANDOM FORMAT=PAGE> in the footer.',
      '<SDFIELD TYPE=DOCSTAT>42</SDFIELD>',
      'Use bold & italic.',
    ]);
    // Fields 1; Insert the field SDFIELD TYPE PAGE SUBTYPE RANDOM FORMAT PAGE in the footer 13;
    // SDFIELD TYPE DOCSTAT 42 SDFIELD 5; Use bold italic 3
    const total = await words('fields.html', html);
    expect(total).toBe(1 + 13 + 5 + 3);
  });

  it('docx and odt comments that quote markup are counted', async () => {
    const d = docx(wp('Body text.'), {
      'word/comments.xml': `<w:comments xmlns:w="w"><w:comment w:id="0">${wp('Replace &lt;name&gt; with the &lt;b&gt; tag.')}</w:comment></w:comments>`,
    });
    const dr = await paragraphsOf('c.docx', d);
    expect(dr.paragraphs).toContain('Replace <name> with the <b> tag.');
    expect(await words('c.docx', d)).toBe(2 + 6);
    const o = odf(
      'text',
      `<office:text><text:p>Body text.<office:annotation><dc:creator>Ann</dc:creator><text:p>Keep &lt;br/&gt; here.</text:p></office:annotation></text:p></office:text>`,
    );
    const or = await paragraphsOf('c.odt', o);
    expect(or.paragraphs).toContain('Keep <br/> here.');
    expect(await words('c.odt', o)).toBe(2 + 3);
  });
});

describe('PO as pocount counts it', () => {
  const po = [
    'msgid ""',
    'msgstr ""',
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '',
    '#, fuzzy',
    'msgid "Fuzzy and empty is not counted"',
    'msgstr ""',
    '',
    '#, fuzzy, c-format',
    'msgid "Fuzzy with a translation"',
    'msgstr "Aproximada"',
    '',
    'msgctxt "menu context words"',
    'msgid "Open file"',
    'msgstr ""',
    '',
    'msgid "One file"',
    'msgid_plural "%d files here"',
    'msgstr[0] ""',
    'msgstr[1] ""',
    '',
    '#~ msgid "Obsolete text"',
    '#~ msgstr "Texto obsoleto"',
    '',
    '#| msgid "previous words here"',
    'msgid "See <a href=\\"intro.html\\">the intro</a> and<br/>the <b>rest</b>."',
    'msgstr ""',
    'msgid "Tab\\tand\\nnew line \\"quoted\\" back\\\\slash"',
    'msgstr ""',
  ].join('\n');

  it('counts msgid and msgid_plural; not msgctxt, obsolete, header or empty fuzzy entries; tags are markup', async () => {
    const r = await paragraphsOf('a.po', po);
    expect(r.paragraphs).toEqual([
      'Fuzzy with a translation',
      'Open file',
      'One file',
      '%d files here',
      'See the intro and the rest.',
      'Tab and new line "quoted" back\\slash',
    ]);
  });

  it('counts words as pocount does (whitespace tokens, a dot between non-digits splits), not by GMX-V', async () => {
    const po =
      'msgid "Use and/or with file.txt, e.g. here (see /usr/share/doc)."\nmsgstr ""\n\n' +
      'msgid "Version 1.2.3 — 50% done…"\nmsgstr ""\n';
    // pocount --csv on this file: 13 source words
    expect(await words('b.po', po)).toBe(13);
    expect(countWordsPocount('Use and/or with file.txt, e.g. here').words).toBe(6); // Use and/or with fil xt here
    expect(countWordsPocount('日本語のテキスト', 'ja').words).toBeCloseTo(8 / 3, 10);
  });
});
