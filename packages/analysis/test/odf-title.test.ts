import { describe, expect, it } from 'vitest';
import { analyse, odf, paragraphsOf } from './helpers.ts';

const meta = (title: string) =>
  `<meta:generator>LibreOffice/7.4.7.2$Linux_X86_64</meta:generator><dc:title>${title}</dc:title>` +
  '<dc:subject>internal</dc:subject><dc:creator>Ann Smith</dc:creator><dc:date>2024-05-02T10:11:12</dc:date>' +
  '<meta:document-statistic meta:page-count="1" meta:word-count="9"/>';

const text = `<office:text><text:h text:outline-level="1">Installing the printer</text:h>
  <text:p>Connect the cable and switch the printer on.</text:p></office:text>`;
const sheet = `<office:spreadsheet><table:table table:name="Prices"><table:table-row>
  <table:table-cell office:value-type="string"><text:p>Monthly plan</text:p></table:table-cell>
  <table:table-cell office:value-type="float" office:value="9.99"><text:p>9.99</text:p></table:table-cell>
  </table:table-row></table:table></office:spreadsheet>`;
const slides = `<office:presentation><draw:page draw:name="page1"><draw:frame><draw:text-box>
  <text:p>Quarterly results</text:p><text:p>Sales grew in every region.</text:p></draw:text-box></draw:frame></draw:page></office:presentation>`;

describe('OpenDocument title (meta.xml dc:title)', () => {
  it('odt: the title is the first paragraph, before the body', async () => {
    const r = await paragraphsOf(
      'guide.odt',
      odf('text', text, '', '', meta('Printer guide: setup &amp; care')),
    );
    expect(r.paragraphs).toEqual([
      'Printer guide: setup & care',
      'Installing the printer',
      'Connect the cable and switch the printer on.',
    ]);
  });

  it('ods and odp count their title too', async () => {
    const ods = await paragraphsOf('prices.ods', odf('spreadsheet', sheet, '', '', meta('Price list 2024')));
    expect(ods.paragraphs).toEqual(['Price list 2024', 'Monthly plan']);
    const odp = await paragraphsOf('q3.odp', odf('presentation', slides, '', '', meta('Q3 review')));
    expect(odp.paragraphs).toEqual(['Q3 review', 'Quarterly results', 'Sales grew in every region.']);
  });

  it('adds the title words to the quote; no title, an empty one or no meta.xml adds nothing', async () => {
    const withTitle = await analyse({ 'guide.odt': odf('text', text, '', '', meta('Printer guide')) });
    const empty = await analyse({ 'guide.odt': odf('text', text, '', '', meta('  ')) });
    const none = await analyse({ 'guide.odt': odf('text', text) });
    expect(none.totals.es?.total_words).toBe(11);
    expect(empty.totals.es?.total_words).toBe(11);
    expect(withTitle.totals.es?.total_words).toBe(13);
  });

  it('a title repeated as the first heading is a repetition', async () => {
    const body = `<office:text><text:h>Printer guide</text:h><text:p>Read me first.</text:p></office:text>`;
    const r = await analyse({ 'guide.odt': odf('text', body, '', '', meta('Printer guide')) });
    expect(r.totals.es).toMatchObject({ total_words: 7, repetitions: 2, no_match: 5 });
  });
});
