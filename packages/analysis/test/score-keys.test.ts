import { describe, expect, it } from 'vitest';
import { nearKey, tokenize, tokenKeys } from '../src/tm/score.ts';

// Texts of every kind the tokenizer tells apart: words with apostrophes and hyphens, numbers with
// separators, inline tags (private-use characters), Chinese, Japanese and Thai, other scripts' digits,
// emoji, punctuation inside and at the end (astral punctuation too), spacing of every kind.
const TEXTS = [
  'Open the file.',
  "Don't press the power-on button twice!",
  'Insert 2,500.75 sheets at 10:30 on 2026-11-27.',
  '\uE101Click\uE102 the \uE103Save\uE104 button',
  '保存してください。文件已保存。',
  'กดปุ่มบันทึก เพื่อบันทึก',
  'الصفحة ٣ من ١٠',
  'Index 🔎︎ ✔️ Done ⚠️ Warning: check',
  'ΣΊΣΥΦΟΣ İstanbul straße',
  'Trailing spaces and dots ... ',
  'Ends with an Aegean word separator \u{10100}',
  'Only punctuation: ¿¡!?',
  '',
  '   ',
  'Tabs\tand\u00a0no-break\u2009spaces.',
];

describe('the memory index reads the scorer’s own tokens', () => {
  it('tokenKeys gives tokenize’s keys', () => {
    for (const text of TEXTS) expect(tokenKeys(text), text).toEqual(tokenize(text).keys);
  });

  it('nearKey leaves out final punctuation and spaces, then every space, in lower case', () => {
    const reference = (s: string) =>
      s
        .replace(/[\s\p{P}]+$/u, '')
        .replace(/\s+/g, '')
        .toLowerCase();
    for (const text of TEXTS) expect(nearKey(text), text).toBe(reference(text));
    expect(nearKey('Open the File!! ')).toBe('openthefile');
    expect(nearKey('Ends with \u{10100}\u{10100}.')).toBe('endswith');
    for (let c = 0; c < 256; c++) {
      const text = `Last ${String.fromCharCode(c)}`;
      expect(nearKey(text), `U+${c.toString(16)}`).toBe(reference(text));
      expect(nearKey(`${text}.`), `U+${c.toString(16)}.`).toBe(reference(`${text}.`));
    }
  });
});
