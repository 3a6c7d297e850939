/**
 * Documentation-like English sentences for tests and benchmarks of translation-memory lookups: a
 * vocabulary of thousands of made-up content words drawn by a Zipf law, a few dozen sentence
 * shapes, shared stock phrases, lengths from 2 to 40-odd words, and light edits of a sentence (a
 * word changed, added or dropped) for near-duplicates. Seeded: the same seed gives the same text.
 */
export class DocText {
  private state: number;
  private readonly nouns: string[];
  private readonly verbs: string[];
  private readonly adjectives: string[];

  /** `common`: the frequent real words of user guides lead the vocabulary (off: made-up words only). */
  constructor(seed = 1, vocabulary = 6000, common = true) {
    this.state = seed >>> 0 || 1;
    const words = madeUpWords(vocabulary, seed);
    const third = Math.floor(words.length / 3);
    const real = (list: string[]) => (common ? list : []);
    this.nouns = [...real(NOUNS), ...words.slice(0, third * 2)];
    this.verbs = [
      ...real(VERBS),
      ...words.slice(third * 2, third * 2 + Math.floor(third / 2)).map((w) => `${w}e`),
    ];
    this.adjectives = [
      ...real(ADJECTIVES),
      ...words.slice(third * 2 + Math.floor(third / 2)).map((w) => `${w}al`),
    ];
  }

  /** A number in [0, 1). */
  random(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.random() * n);
  }

  private pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)] as T;
  }

  /** Zipf-like: the first words of a list are far more frequent than the last. */
  private zipf(list: readonly string[]): string {
    return list[Math.min(list.length - 1, Math.floor(list.length ** this.random()) - 1)] as string;
  }

  private noun = () => this.zipf(this.nouns);
  private verb = () => this.zipf(this.verbs);
  private adjective = () => this.zipf(this.adjectives);
  private phrase = () => `the ${this.random() < 0.35 ? `${this.adjective()} ` : ''}${this.noun()}`;

  sentence(): string {
    const shape = this.pick(SHAPES);
    let text = shape;
    const extra = this.random();
    if (extra < 0.45) text += ` ${this.pick(CLAUSES)}`;
    if (extra < 0.15) text += ' and V P S';
    if (extra > 0.9) text += ` ${this.pick(CLAUSES)}`;
    text = text.replace(/\b[NVAPS]\b/g, (slot) => this.fill(slot));
    if (this.random() < 0.05) text += ` ${1 + this.int(99)}`;
    const end = shape.startsWith('How') ? '?' : shape.length < 6 ? '' : '.';
    return text.charAt(0).toUpperCase() + text.slice(1) + end;
  }

  private fill(slot: string): string {
    if (slot === 'N') return this.noun();
    if (slot === 'V') return this.verb();
    if (slot === 'A') return this.adjective();
    if (slot === 'P') return this.phrase();
    return this.pick(STOCK);
  }

  /** The sentence lightly edited: 1 to 3 words replaced, added or dropped. */
  variant(sentence: string): string {
    const words = sentence.split(' ');
    const edits = 1 + this.int(words.length > 10 ? 3 : 1);
    for (let e = 0; e < edits; e++) {
      const at = this.int(words.length);
      const kind = this.random();
      if (kind < 0.5) words[at] = this.noun();
      else if (kind < 0.8) words.splice(at, 0, this.adjective());
      else if (words.length > 3) words.splice(at, 1);
    }
    return words.join(' ');
  }
}

function madeUpWords(n: number, seed: number): string[] {
  const onsets = [
    'b',
    'c',
    'd',
    'f',
    'g',
    'l',
    'm',
    'n',
    'p',
    'r',
    's',
    't',
    'v',
    'st',
    'pr',
    'tr',
    'cl',
    'gr',
  ];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ia', 'ou', 'ea'];
  const codas = ['', 'n', 'r', 's', 'l', 'nt', 'rd', 'x', 'ck', 'mp'];
  const syllable = (x: number) =>
    onsets[x % onsets.length]! +
    vowels[Math.floor(x / 18) % vowels.length]! +
    codas[Math.floor(x / 144) % codas.length]!;
  const out = new Set<string>();
  // Walks the 1,440 syllables and their pairs in a seeded order: one or two syllables a word.
  for (let k = 0; out.size < n; k++) {
    const a = (k * 7919 + seed * 104729) % 1440;
    out.add(
      k % 3 === 0 ? syllable(a) : syllable(a) + syllable((Math.floor(k / 1440) * 389 + k * 13 + seed) % 1440),
    );
  }
  return [...out];
}

const NOUNS =
  'file folder document page window dialog menu button toolbar option setting table cell column row sheet chart field list entry text paragraph style format font image frame object template server user account password printer'.split(
    ' ',
  );
const VERBS =
  'open close save select click enter choose insert delete copy paste print change set use add remove show hide find replace create edit apply'.split(
    ' ',
  );
const ADJECTIVES =
  'new current selected default active empty hidden following previous next first last main other whole single'.split(
    ' ',
  );
const STOCK = [
  'in the menu',
  'on the toolbar',
  'for more information',
  'if necessary',
  'in the dialog box',
  'from the list',
  'as shown below',
  'at the same time',
  'in this case',
  'by default',
];
const CLAUSES = [
  'that contains P',
  'when you V P',
  'to V P',
  'before you V P',
  'so that P is V',
  'which is A',
];
const SHAPES = [
  'V P S',
  'V P and V P',
  'To V P, V P S',
  'P is A',
  'P shows P of P',
  'You can V P S',
  'You can also V P from P',
  'If P is A, V P',
  'Choose A N',
  'N',
  'A N',
  'N N',
  'How do I V P',
  'This N V P',
  'The N is V to P',
  'V P to V P S',
  'P V P and P',
  'Note that P cannot be V S',
  'Select P, then V P',
  'Use P to V P of P',
  'P contains P, P and P',
  'When P is A, P V P',
  'Specifies P for P',
  'Enter P in P',
];
