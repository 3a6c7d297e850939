import { describe, expect, it } from 'vitest';
import { docx, odf, paragraphsOf } from './helpers.ts';

describe('index entries are translatable text', () => {
  it('odt: alphabetical-index-mark string-value and keys', async () => {
    const o = odf(
      'text',
      `<office:text><text:p>The <text:alphabetical-index-mark text:string-value="package manager" text:key1="Debian"/>apt tool installs packages.</text:p>
       <text:p><text:alphabetical-index-mark-start text:id="i1" text:key1="Networking"/>network interfaces<text:alphabetical-index-mark-end text:id="i1"/> are configured here.</text:p></office:text>`,
    );
    const r = await paragraphsOf('index.odt', o);
    expect(r.paragraphs).toEqual([
      'package manager',
      'Debian',
      'The apt tool installs packages.',
      'Networking',
      'network interfaces are configured here.',
    ]);
  });

  it('docx: XE field text (with sub-entries and see-also), as complex and simple fields; other field codes are not text', async () => {
    const body = [
      '<w:p><w:r><w:t xml:space="preserve">Install the package </w:t></w:r>',
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r>',
      '<w:r><w:instrText xml:space="preserve"> XE "Package</w:instrText></w:r>',
      '<w:r><w:instrText xml:space="preserve"> management:apt tool" \\t "See also dpkg" </w:instrText></w:r>',
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
      '<w:r><w:t>with apt.</w:t></w:r></w:p>',
      '<w:p><w:fldSimple w:instr=" XE &quot;Mirrors&quot; "><w:r><w:t></w:t></w:r></w:fldSimple>',
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE \\* MERGEFORMAT </w:instrText></w:r>',
      '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>7</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>',
      '<w:r><w:t xml:space="preserve"> Choose a mirror.</w:t></w:r></w:p>',
    ].join('');
    const r = await paragraphsOf('index.docx', docx(body));
    expect(r.paragraphs).toEqual([
      'Package management',
      'apt tool',
      'See also dpkg',
      'Install the package with apt.',
      'Mirrors',
      '7 Choose a mirror.',
    ]);
  });

  it('html: meta keywords and description by name, property or itemprop, in any case', async () => {
    const html = `<!DOCTYPE html><html><head><title>T</title>
      <meta name="Keywords" content="debian, apt, packages">
      <meta itemprop="keywords" content="mirrors, networking">
      <meta itemprop="description" content="How to pick a mirror">
      <meta name="generator" content="DocBook XSL"><meta http-equiv="Content-Type" content="text/html"></head><body><p>Body.</p></body></html>`;
    const r = await paragraphsOf('meta.html', html);
    expect(r.paragraphs).toEqual([
      'T',
      'debian, apt, packages',
      'mirrors, networking',
      'How to pick a mirror',
      'Body.',
    ]);
  });
});
