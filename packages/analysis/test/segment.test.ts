import { describe, expect, it } from 'vitest';
import { segment } from '../src/index.ts';

const cases: [string, string, string[]][] = [
  ['en', 'Mr. Smith went home. He slept.', ['Mr. Smith went home.', 'He slept.']],
  ['en', 'I met J. R. Tolkien. Then I left.', ['I met J. R. Tolkien.', 'Then I left.']],
  ['en', 'Use e.g. apples. Or pears!', ['Use e.g. apples.', 'Or pears!']],
  ['en', 'Is it? Yes. It is.', ['Is it?', 'Yes.', 'It is.']],
  ['en', 'He said "Stop." Then he went.', ['He said "Stop."', 'Then he went.']],
  ['en', 'Version 2.0 is out. Try it.', ['Version 2.0 is out.', 'Try it.']],
  ['en', 'Wait... what happened?', ['Wait... what happened?']],
  // text is text: what looks like markup is not protected from a break
  ['en', 'Type <cmd. 5> now. Next.', ['Type <cmd.', '5> now.', 'Next.']],
  ['es', '¿Vienes? Sí, voy. El Sr. García también.', ['¿Vienes?', 'Sí, voy.', 'El Sr. García también.']],
  ['es', 'Ver pág. 5. Otra frase.', ['Ver pág. 5.', 'Otra frase.']],
  ['ca', 'La Sra. Puig ha arribat. Benvinguda.', ['La Sra. Puig ha arribat.', 'Benvinguda.']],
  ['fr', 'M. Dupont arrive. Mme Durand aussi.', ['M. Dupont arrive.', 'Mme Durand aussi.']],
  ['de', 'Das ist z.B. gut. Am 3. Oktober ist frei.', ['Das ist z.B. gut.', 'Am 3. Oktober ist frei.']],
  ['de', 'Hr. Müller kommt. Er ist da.', ['Hr. Müller kommt.', 'Er ist da.']],
  ['it', 'Il sig. Rossi è qui. Benvenuto.', ['Il sig. Rossi è qui.', 'Benvenuto.']],
  ['pt', 'O Sr. Silva chegou. Bem-vindo.', ['O Sr. Silva chegou.', 'Bem-vindo.']],
  ['nl', 'Dhr. Jansen komt. Hij is er.', ['Dhr. Jansen komt.', 'Hij is er.']],
  ['nl', 'Dit is bijv. goed. Klaar.', ['Dit is bijv. goed.', 'Klaar.']],
  ['zh', '今天天气很好。我们去公园吧！好吗？', ['今天天气很好。', '我们去公园吧！', '好吗？']],
  ['ja', '今日は晴れ。明日は雨！', ['今日は晴れ。', '明日は雨！']],
  ['ko', '안녕하세요. 반갑습니다.', ['안녕하세요.', '반갑습니다.']],
];

describe('segment', () => {
  it.each(cases)('%s: %j', (lang, text, expected) => {
    expect(segment(text, lang)).toEqual(expected);
  });

  it('segments Thai with bounded slices', () => {
    const s = segment('สวัสดีครับ ฉันชื่อสมชาย', 'th');
    expect(s.join('').replace(/\s/g, '')).toBe('สวัสดีครับฉันชื่อสมชาย');
  });

  it('returns nothing for blank text', () => {
    expect(segment('   \n ', 'en')).toEqual([]);
  });

  it('splits an endless sentence at the length limit, at whitespace', () => {
    const text = 'word '.repeat(10_000);
    const parts = segment(text, 'en', { maxSegmentChars: 1000 });
    expect(parts.length).toBeGreaterThan(40);
    expect(parts.every((p) => p.length <= 1000)).toBe(true);
    expect(parts.join(' ').split(' ').length).toBe(10_000);
  });

  it('handles a multi-megabyte paragraph quickly (linear rules, no Intl on long strings)', () => {
    const text = 'This is a sentence. '.repeat(100_000);
    expect(segment(text, 'en').length).toBe(100_000);
  });
});
