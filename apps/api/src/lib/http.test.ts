import { describe, expect, it } from 'vitest';
import { contentDisposition } from './http.ts';

/** What a browser recovers from `filename*` (RFC 5987: charset''percent-encoded). */
const decoded = (header: string) => decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(header)![1]!);

describe('contentDisposition', () => {
  it('keeps an ASCII name as it is, in both parameters', () => {
    expect(contentDisposition('quote-2026-17.pdf')).toBe(
      `attachment; filename="quote-2026-17.pdf"; filename*=UTF-8''quote-2026-17.pdf`,
    );
  });

  it('replaces accents in the fallback and keeps them in filename*', () => {
    const header = contentDisposition('catàleg tardor l·l.docx');
    expect(header).toContain('filename="cat_leg tardor l_l.docx"');
    expect(header).toContain("filename*=UTF-8''cat%C3%A0leg%20tardor%20l%C2%B7l.docx");
    expect(decoded(header)).toBe('catàleg tardor l·l.docx');
  });

  it('never lets quotes or backslashes close the quoted fallback', () => {
    const header = contentDisposition(`say "hi" \\ it's (done)!.txt`);
    expect(header).toContain(`filename="say _hi_ _ it's (done)!.txt"`);
    expect(header).toContain("filename*=UTF-8''say%20%22hi%22%20%5C%20it%27s%20%28done%29%21.txt");
    expect(decoded(header)).toBe(`say "hi" \\ it's (done)!.txt`);
  });

  it('carries CJK names in filename* only', () => {
    const header = contentDisposition('翻訳.pdf');
    expect(header).toContain('filename="__.pdf"');
    expect(decoded(header)).toBe('翻訳.pdf');
  });
});
