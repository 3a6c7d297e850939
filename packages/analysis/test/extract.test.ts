import { describe, expect, it } from 'vitest';
import { ap, docx, odf, paragraphsOf, pptx, wp, xlsx, zip } from './helpers.ts';
import { docFile, pptFile, xlsFile } from './ole-builders.ts';
import { inlineTag as t } from '../src/index.ts';

describe('plain text formats', () => {
  it('txt: one paragraph per line, UTF-8 with or without BOM', async () => {
    const r = await paragraphsOf('a.txt', '\uFEFFFirst line.\r\n\r\nSecond line here.\n');
    expect(r.detectedType).toBe('txt');
    expect(r.paragraphs).toEqual(['First line.', 'Second line here.']);
  });

  it('txt: UTF-16 with BOM and Windows-1252 fallback', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Olá mundo\nadeus', 'utf16le')]);
    expect((await paragraphsOf('a.txt', utf16)).paragraphs).toEqual(['Olá mundo', 'adeus']);
    const latin = Buffer.from('caf\xe9 cr\xe8me', 'latin1');
    expect((await paragraphsOf('a.txt', latin)).paragraphs).toEqual(['café crème']);
    // 0x80–0x9F are Windows-1252's € “ ” – (Node 20's own decoder reads them as C1 controls)
    const cp1252 = Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x96, 0x20, 0x35, 0x20, 0x80]);
    expect((await paragraphsOf('a.txt', cp1252)).paragraphs).toEqual(['\u201CCafé\u201D \u2013 5 \u20AC']);
  });

  it('srt: skips cue numbers and timecodes, joins cue lines, drops formatting tags', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,500\nHello <i>there</i>,\nfriend.\n\n2\n00:00:03,000 --> 00:00:04,000\nBye.\n';
    const r = await paragraphsOf('a.srt', srt);
    expect(r.detectedType).toBe('srt');
    expect(r.paragraphs).toEqual(['Hello there, friend.', 'Bye.']);
  });

  it('po: msgid and msgid_plural of live entries; header and obsolete entries skipped', async () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Content-Type: text/plain; charset=UTF-8\\n"',
      '',
      '#: a.c:1',
      'msgctxt "menu"',
      'msgid "Open file"',
      'msgstr "Abrir archivo"',
      '',
      'msgid ""',
      '"Multi-line "',
      '"message with \\"quotes\\""',
      'msgstr ""',
      '',
      'msgid "One file"',
      'msgid_plural "%d files"',
      'msgstr[0] ""',
      '',
      '#~ msgid "Obsolete text"',
      '#~ msgstr "Texto obsoleto"',
    ].join('\n');
    const r = await paragraphsOf('a.po', po);
    expect(r.detectedType).toBe('po');
    expect(r.paragraphs).toEqual(['Open file', 'Multi-line message with "quotes"', 'One file', '%d files']);
  });
});

describe('XML formats', () => {
  it('xliff 1.2: sources only, inline codes kept as tags with no text, translate="no" skipped', async () => {
    const x = `<?xml version="1.0"?><xliff version="1.2"><file source-language="en" target-language="es"><body>
      <trans-unit id="1"><source>Click <g id="1">Save</g> now.<ph id="2">&lt;br/&gt;</ph></source><target>Haga clic</target></trans-unit>
      <trans-unit id="2" translate="no"><source>DO NOT TRANSLATE</source></trans-unit>
      <group translate="no"><trans-unit id="3"><source>Also not</source></trans-unit></group>
      <trans-unit id="4"><source>Last <bpt id="1">&lt;b&gt;</bpt>bold<ept id="1">&lt;/b&gt;</ept></source><seg-source>ignored</seg-source></trans-unit>
    </body></file></xliff>`;
    const r = await paragraphsOf('a.xliff', x);
    expect(r.detectedType).toBe('xliff');
    expect(r.paragraphs).toEqual([
      `Click ${t('g')}Save${t('/g')} now.${t('ph')}`,
      `Last ${t('bpt')}bold${t('ept')}`,
    ]);
  });

  it('xliff 2.0: segments of translatable units, mrk translate="no" skipped', async () => {
    const x = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en"><file id="f">
      <unit id="u1"><segment><source>Hello <pc id="1">world</pc>.</source></segment><segment><source>Keep <mrk id="m" translate="no">ACME</mrk> out.</source></segment></unit>
      <unit id="u2" translate="no"><segment><source>Nope</source></segment></unit>
    </file></xliff>`;
    const r = await paragraphsOf('a.xlf', x);
    expect(r.paragraphs).toEqual([`Hello ${t('pc')}world${t('/pc')}.`, `Keep ${t('mrk')}${t('/mrk')} out.`]);
  });

  it('html: body, title, alt and meta description; scripts, styles and translate="no" skipped', async () => {
    const html = `<!DOCTYPE html><html><head><title>Page title</title><meta name="description" content="A description">
      <style>p { color: red }</style><script>var x = "no";</script></head>
      <body><h1>Heading</h1><p>Some <b>bold</b> text &amp; more.<br>Next line</p>
      <img src="a.png" alt="A cat"><p translate="no">Brand Name</p><ul><li>One</li><li>Two</li></ul></body></html>`;
    const r = await paragraphsOf('a.html', html);
    expect(r.detectedType).toBe('html');
    expect(r.paragraphs).toEqual([
      'Page title',
      'A description',
      'Heading',
      'Some bold text & more. Next line',
      'A cat',
      'One',
      'Two',
    ]);
  });

  it('dita topic: block and inline elements, translate="no" and draft comments skipped', async () => {
    const dita = `<?xml version="1.0"?><!DOCTYPE concept PUBLIC "-//OASIS//DTD DITA Concept//EN" "concept.dtd">
      <concept id="c"><title>About <ph>things</ph></title><shortdesc>Short.</shortdesc>
      <conbody><p>Use the <uicontrol>OK</uicontrol> button.<fn>A footnote.</fn></p>
      <p translate="no">Internal</p><draft-comment>Reviewer note</draft-comment>
      <image href="a.png"><alt>Alt text</alt></image></conbody></concept>`;
    const r = await paragraphsOf('a.dita', dita);
    expect(r.detectedType).toBe('dita');
    expect(r.paragraphs).toEqual(['About things', 'Short.', 'A footnote.', 'Use the OK button.', 'Alt text']);
  });

  it('ditamap: navtitle attributes and topicmeta text', async () => {
    const map = `<map><title>User guide</title><topicref href="a.dita" navtitle="Getting started"/></map>`;
    const r = await paragraphsOf('a.ditamap', map);
    expect(r.detectedType).toBe('ditamap');
    expect(r.paragraphs).toEqual(['User guide', 'Getting started']);
  });

  it('generic xml: element text, CDATA included', async () => {
    const r = await paragraphsOf(
      'a.xml',
      '<root><item>First</item><item><![CDATA[Second & more]]></item></root>',
    );
    expect(r.detectedType).toBe('xml');
    expect(r.paragraphs).toEqual(['First', 'Second & more']);
  });

  it('mif: strings of paragraph lines, Char statements, no tags or numbering', async () => {
    const mif = [
      '<MIFFile 2015> # Generated',
      "<TextFlow <TFTag `A'>",
      ' <Para',
      "  <PgfTag `Body'>",
      "  <PgfNumString `1.'>",
      '  <ParaLine',
      "   <String `Hello world,'>",
      '   <Char HardSpace>',
      "   <String `it\\qs \\>fine.'>",
      '  > # end of ParaLine',
      ' > # end of Para',
      " <Para <ParaLine <String `Second paragraph'>>>",
      '> # end of TextFlow',
    ].join('\n');
    for (const name of ['a.mif', 'a.mi2']) {
      const r = await paragraphsOf(name, mif);
      expect(r.detectedType).toBe('mif');
      expect(r.paragraphs).toEqual(["Hello world, it's >fine.", 'Second paragraph']);
    }
  });
});

describe('Office Open XML', () => {
  it('docx: body, tables, headers, footers, footnotes, comments, alt text; no deletions, field codes or hidden text', async () => {
    const body = [
      wp('Body paragraph.'),
      '<w:p><w:r><w:t>Kept </w:t></w:r><w:del><w:r><w:delText>deleted </w:delText></w:r></w:del><w:ins><w:r><w:t>inserted</w:t></w:r></w:ins></w:p>',
      '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> pages</w:t></w:r></w:p>',
      '<w:p><w:r><w:rPr><w:vanish/></w:rPr><w:t>Hidden</w:t></w:r><w:r><w:t>Visible</w:t></w:r></w:p>',
      '<w:tbl><w:tr><w:tc>' + wp('Cell text') + '</w:tc></w:tr></w:tbl>',
      '<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture" descr="Diagram of the network"/></wp:inline></w:drawing></w:r></w:p>',
      '<w:p><w:r><mc:AlternateContent><mc:Choice><w:t>Box text</w:t></mc:Choice><mc:Fallback><w:t>Box text</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>',
      '<w:sdt><w:sdtPr><w:showingPlcHdr/></w:sdtPr><w:sdtContent>' +
        wp('Click here to enter text.') +
        '</w:sdtContent></w:sdt>',
      '<w:sdt><w:sdtPr/><w:sdtContent>' + wp('Filled-in control') + '</w:sdtContent></w:sdt>',
    ].join('');
    const file = docx(body, {
      'word/header1.xml': `<ROOT>${wp('Header text')}</ROOT>`
        .replace('ROOT', 'w:hdr')
        .replace('</ROOT>', '</w:hdr>'),
      'word/footer1.xml': `<w:ftr ${'xmlns:w="w"'}>${wp('Footer text')}</w:ftr>`,
      'word/footnotes.xml': `<w:footnotes xmlns:w="w"><w:footnote w:type="separator"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:id="1">${wp('A footnote.')}</w:footnote></w:footnotes>`,
      'word/comments.xml': `<w:comments xmlns:w="w"><w:comment w:id="0">${wp('A comment.')}</w:comment></w:comments>`,
    });
    const r = await paragraphsOf('a.docx', file);
    expect(r.error).toBeUndefined();
    expect(r.detectedType).toBe('docx');
    expect(r.paragraphs).toEqual([
      'Body paragraph.',
      'Kept inserted',
      '7 pages',
      'Visible',
      'Cell text',
      'Diagram of the network',
      'Box text',
      'Filled-in control',
      'Header text',
      'Footer text',
      'A footnote.',
      'A comment.',
    ]);
  });

  it('xlsx: shared and inline strings, repeated cells, comments; numbers and formulas do not count', async () => {
    const cells = [
      '<c r="A1" t="s"><v>0</v></c>',
      '<c r="B1"><v>42</v></c>',
      '<c r="C1" t="s"><v>1</v></c>',
      '<c r="D1" t="inlineStr"><is><t>Inline text</t></is></c>',
      '<c r="E1" t="str"><f>A1&amp;"x"</f><v>Formula result</v></c>',
      '<c r="F1" t="s"><v>0</v></c>',
    ].join('');
    const file = xlsx(['Hello sheet', '2024-01-01'], cells);
    const r = await paragraphsOf('a.xlsx', file);
    expect(r.detectedType).toBe('xlsx');
    expect(r.paragraphs).toEqual(['Hello sheet', 'Inline text', 'Hello sheet']);
  });

  it('pptx: slides in order, alt text and notes; slide number fields skipped', async () => {
    const slide1 =
      ap('First slide') +
      '<p:pic><p:nvPicPr><p:cNvPr id="2" name="Pic" descr="Logo of ACME"/></p:nvPicPr></p:pic>';
    const slide2 =
      ap('Second slide') +
      '<p:sp><p:txBody><a:p><a:fld type="slidenum"><a:t>2</a:t></a:fld></a:p></p:txBody></p:sp>';
    const files = pptx([slide1, slide2, ap('Tenth')], [ap('Speaker notes here')]);
    const r = await paragraphsOf('a.pptx', files);
    expect(r.detectedType).toBe('pptx');
    expect(r.paragraphs).toEqual([
      'First slide',
      'Logo of ACME',
      'Second slide',
      'Tenth',
      'Speaker notes here',
    ]);
  });
});

describe('OpenDocument', () => {
  it('odt: paragraphs, headings, notes, comments without author, alt text, master page header; no tracked deletions', async () => {
    const body = `<office:text>
      <text:tracked-changes><text:changed-region><text:deletion><text:p>Deleted words</text:p></text:deletion></text:changed-region></text:tracked-changes>
      <text:h>Title</text:h>
      <text:p>Hello<text:s text:c="2"/>world<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>Note text</text:p></text:note-body></text:note>.</text:p>
      <text:p><office:annotation><dc:creator>Ann</dc:creator><dc:date>2024</dc:date><text:p>Comment text</text:p></office:annotation>Annotated</text:p>
      <draw:frame><svg:title>Picture title</svg:title><draw:image/></draw:frame>
      <text:p>Page <text:page-number>3</text:page-number></text:p>
    </office:text>`;
    const styles =
      '<office:master-styles><style:master-page><style:header><text:p>Header line</text:p></style:header></style:master-page></office:master-styles><office:styles><text:p>Not content</text:p></office:styles>';
    const r = await paragraphsOf('a.odt', odf('text', body, styles));
    expect(r.detectedType).toBe('odt');
    expect(r.paragraphs).toEqual([
      'Title',
      'Note text',
      'Hello world.',
      'Comment text',
      'Annotated',
      'Picture title',
      'Page',
      'Header line',
    ]);
  });

  it('ods: string cells only, numbers-only cells skipped', async () => {
    const body = `<office:spreadsheet><table:table><table:table-row>
      <table:table-cell office:value-type="string"><text:p>Product name</text:p></table:table-cell>
      <table:table-cell office:value-type="float" office:value="12"><text:p>12</text:p></table:table-cell>
      <table:table-cell office:value-type="string"><text:p>1.000,50</text:p></table:table-cell>
      <table:table-cell office:value-type="date"><text:p>1 Jan 2024</text:p></table:table-cell>
    </table:table-row></table:table></office:spreadsheet>`;
    const r = await paragraphsOf('a.ods', odf('spreadsheet', body));
    expect(r.detectedType).toBe('ods');
    expect(r.paragraphs).toEqual(['Product name']);
  });

  it('odp: slide text and speaker notes', async () => {
    const body = `<office:presentation><draw:page><draw:frame><draw:text-box><text:p>Slide text</text:p></draw:text-box></draw:frame>
      <presentation:notes><draw:frame><draw:text-box><text:p>Notes text</text:p></draw:text-box></draw:frame></presentation:notes></draw:page></office:presentation>`;
    const r = await paragraphsOf('a.odp', odf('presentation', body));
    expect(r.detectedType).toBe('odp');
    expect(r.paragraphs).toEqual(['Slide text', 'Notes text']);
  });

  it('odf (formula): text in math:mtext', async () => {
    const body =
      '<math:math><math:semantics><math:mrow><math:mi>x</math:mi><math:mtext>where x is the speed</math:mtext></math:mrow></math:semantics></math:math>';
    const r = await paragraphsOf('a.odf', odf('formula', body));
    expect(r.detectedType).toBe('odf');
    expect(r.paragraphs).toEqual(['where x is the speed']);
  });
});

describe('InDesign and binary Office', () => {
  it('idml: story content, Br ends a paragraph', async () => {
    const story = `<?xml version="1.0"?><idPkg:Story xmlns:idPkg="http://ns.adobe.com/AdobeInDesign/idml/1.0/packaging"><Story Self="u1">
      <ParagraphStyleRange><CharacterStyleRange><Content>First paragraph.</Content><Br/><Content>Second </Content></CharacterStyleRange>
      <CharacterStyleRange><Content>paragraph.</Content></CharacterStyleRange></ParagraphStyleRange>
      <ParagraphStyleRange><Properties><Leading>auto</Leading></Properties><CharacterStyleRange><Content>Third.</Content></CharacterStyleRange></ParagraphStyleRange>
    </Story></idPkg:Story>`;
    const file = zip(
      {
        mimetype: 'application/vnd.adobe.indesign-idml-package',
        'designmap.xml': '<Document/>',
        'Stories/Story_u1.xml': story,
      },
      0,
    );
    const r = await paragraphsOf('a.idml', file);
    expect(r.detectedType).toBe('idml');
    expect(r.paragraphs).toEqual(['First paragraph.', 'Second paragraph.', 'Third.']);
  });

  it('doc: 8-bit piece, paragraphs, table cells; field codes removed, field results kept', async () => {
    const text = 'Hello world.\rCell one\x07Cell two\x07\x07Total \x13 PAGE \x145\x15 pages\rCaf\xe9\r';
    const r = await paragraphsOf('a.doc', docFile(text));
    expect(r.error).toBeUndefined();
    expect(r.detectedType).toBe('doc');
    expect(r.paragraphs).toEqual(['Hello world.', 'Cell one', 'Cell two', 'Total 5 pages', 'Café']);
  });

  it('doc: UTF-16 piece', async () => {
    const r = await paragraphsOf('a.doc', docFile('Ελληνικά κείμενο\r日本語\r', { unicode: true }));
    expect(r.paragraphs).toEqual(['Ελληνικά κείμενο', '日本語']);
  });

  it('xls and xlt: shared strings across CONTINUE records, labels; numbers skipped', async () => {
    for (const name of ['a.xls', 'a.xlt']) {
      const r = await paragraphsOf(name, xlsFile());
      expect(r.error).toBeUndefined();
      expect(r.detectedType).toBe('xls');
      expect(r.paragraphs).toEqual([
        'Hello spreadsheet',
        'Shared twice',
        'Shared twice',
        'Split string',
        'Label cell',
      ]);
    }
  });

  it('ppt: text atoms in UTF-16 and 8-bit; master slide prompts skipped', async () => {
    const r = await paragraphsOf('a.ppt', pptFile());
    expect(r.error).toBeUndefined();
    expect(r.detectedType).toBe('ppt');
    expect(r.paragraphs).toEqual(['Slide title', 'First bullet point', 'Notes in bytes']);
  });
});

describe('archives and detection', () => {
  it('zip: members analysed one by one, nested folders and nested zips', async () => {
    const inner = zip({ 'deep/c.txt': 'Inner text here' });
    const file = zip({
      'a.txt': 'Alpha beta',
      'docs/b.html': '<p>Gamma</p>',
      'docs/inner.zip': inner,
      '__MACOSX/._a.txt': 'junk',
    });
    const r = await paragraphsOf('bundle.zip', file);
    expect(r.detectedType).toBe('zip');
    expect(r.documents.map((d) => [d.path, d.detectedType, d.paragraphs])).toEqual([
      ['a.txt', 'txt', ['Alpha beta']],
      ['docs/b.html', 'html', ['Gamma']],
      ['docs/inner.zip/deep/c.txt', 'txt', ['Inner text here']],
    ]);
  });

  it('detects the real type whatever the extension says', async () => {
    expect((await paragraphsOf('really-a-docx.txt', docx(wp('Word text')))).detectedType).toBe('docx');
    expect((await paragraphsOf('really-text.docx', 'Just text')).detectedType).toBe('txt');
    expect(
      (await paragraphsOf('really-html.xml', '<!DOCTYPE html><html><body><p>x</p></body></html>'))
        .detectedType,
    ).toBe('html');
    expect((await paragraphsOf('really-po.txt', 'msgid "Hi"\nmsgstr ""\n')).detectedType).toBe('po');
  });
});

describe('declared encodings', () => {
  it('HTML with a meta charset (Shift_JIS) and XML with an encoding declaration (ISO-8859-1)', async () => {
    const sjis = Buffer.concat([
      Buffer.from('<html><head><meta charset="Shift_JIS"></head><body><p>'),
      Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]), // 日本語
      Buffer.from('</p></body></html>'),
    ]);
    expect((await paragraphsOf('a.html', sjis)).paragraphs).toEqual(['日本語']);
    const latin1 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><r><p>'),
      Buffer.from([0x63, 0x61, 0x66, 0xe9]),
      Buffer.from('</p></r>'),
    ]);
    expect((await paragraphsOf('a.xml', latin1)).paragraphs).toEqual(['café']);
    const po = Buffer.concat([
      Buffer.from('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=ISO-8859-15\\n"\n\nmsgid "'),
      Buffer.from([0xa4, 0x20, 0x35]),
      Buffer.from('"\nmsgstr ""\n'),
    ]);
    expect((await paragraphsOf('a.po', po)).paragraphs).toEqual(['€ 5']);
  });
});
