import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BandAccumulator,
  bandFloors,
  bandFor,
  bestMatch,
  contextHash,
  InMemoryTranslationMemory,
  inlineTag as t,
  readTmx,
  readXliffPairs,
  scoreMatch,
  tokenDistance,
} from '../src/index.ts';
import { paragraphsOf } from './helpers.ts';

describe('scoreMatch', () => {
  const cases: [string, string, number][] = [
    ['Press the button.', 'Press the button.', 100],
    ['Press  the\tbutton.', 'Press the button.', 100],
    [`Press ${t('g')}the${t('/g')} button.`, `Press ${t('g')}the${t('/g')}  button.`, 100],
    ['Type <Enter> to copy.', 'Type <ENTER> to copy.', 99],
    ['press the button.', 'Press the button.', 99],
    ['Insert 2 sheets.', 'Insert 3 sheets.', 98],
    ['Insert 2 or 4 sheets.', 'Insert 3 or 5 sheets.', 96],
    [`Press the ${t('g')}button${t('/g')}.`, 'Press the button.', 98],
    ['Remove the paper tray before printing.', 'Remove the paper tray before cleaning.', 85],
    ['Open the lid and replace the cartridge.', 'Open the cover and check the cartridge.', 75],
    ['Save the file before you close it.', 'Save the document before closing the window.', 50],
    ['Completely different words here.', 'Save the document before closing the window.', 12],
    ['Short.', 'A much longer sentence with many more words in it.', 18],
  ];
  it.each(cases)('%j vs %j = %i', (a, b, expected) => {
    expect(scoreMatch(a, b)).toBe(expected);
  });

  it('is symmetric and never 100 for different texts', () => {
    expect(scoreMatch('Hello world.', 'Hello world!')).toBe(scoreMatch('Hello world!', 'Hello world.'));
    expect(scoreMatch('Hello world.', 'Hello world!')).toBeLessThan(100);
  });

  it('tokenDistance is the Levenshtein distance over tokens', () => {
    expect(tokenDistance(['a', 'b', 'c'], ['a', 'c'])).toBe(1);
    expect(tokenDistance(['a', 'b'], ['b', 'a'])).toBe(2);
    expect(tokenDistance([], ['x', 'y'])).toBe(2);
  });
});

describe('bands', () => {
  it.each([
    [101, 'percent101'],
    [100, 'percent100'],
    [99, 'percent95'],
    [95, 'percent95'],
    [94, 'percent85'],
    [85, 'percent85'],
    [84, 'percent75'],
    [75, 'percent75'],
    [74, 'percent50'],
    [50, 'percent50'],
    [49, 'no_match'],
    [0, 'no_match'],
  ] as const)('score %i is %s', (score, band) => {
    expect(bandFor(score)).toBe(band);
  });

  it('names the scores where the bands start, for lookups that need only the band', () => {
    const changes = [];
    for (let score = 1; score <= 101; score++) if (bandFor(score) !== bandFor(score - 1)) changes.push(score);
    expect(bandFloors).toEqual(changes);
  });

  it('rounds fractional (CJK) words so the bands add up to the total', () => {
    const acc = new BandAccumulator();
    acc.add('no_match', 1 / 2.8);
    acc.add('no_match', 1 / 2.8);
    acc.add('percent100', 5 / 2.8);
    acc.add('repetitions', 2 / 2.8);
    const b = acc.toBands();
    const sum =
      b.percent101 +
      b.percent100 +
      b.percent95 +
      b.percent85 +
      b.percent75 +
      b.percent50 +
      b.no_match +
      b.repetitions;
    expect(b.total_words).toBe(Math.round(9 / 2.8));
    expect(sum).toBe(b.total_words);
  });
});

function tmx(units: [string, string][], srclang = 'en-US'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<tmx version="1.4"><header srclang="${srclang}" datatype="plaintext" segtype="sentence" adminlang="en" creationtool="test" creationtoolversion="1" o-tmf="x"/>
<body>${units.map(([s, t]) => `<tu><tuv xml:lang="${srclang}"><seg>${s}</seg></tuv><tuv xml:lang="es-ES"><seg>${t}</seg></tuv></tu>`).join('\n')}</body></tmx>`;
}

describe('readTmx', () => {
  it('reads units with source (without inline codes), target (codes as tags), and neighbour context hashes', async () => {
    const text = tmx([
      [
        'First <bpt i="1">&lt;b&gt;</bpt>bold<ept i="1">&lt;/b&gt;</ept> unit.',
        'Primera unidad <bpt i="1">&lt;b&gt;</bpt>en negrita<ept i="1">&lt;/b&gt;</ept>.',
      ],
      ['Second <hi type="b">unit</hi>.', 'Segunda unidad.'],
      ['Third unit.', 'Tercera unidad.'],
    ]);
    const units = [];
    for await (const u of readTmx(Readable.from([Buffer.from(text)]), {
      sourceLanguage: 'en',
      targetLanguage: 'es',
    }))
      units.push(u);
    expect(units.map((u) => [u.source, u.target])).toEqual([
      ['First bold unit.', `Primera unidad ${t('bpt')}en negrita${t('ept')}.`],
      ['Second unit.', 'Segunda unidad.'],
      ['Third unit.', 'Tercera unidad.'],
    ]);
    expect(units[1]?.prevHash).toBe(contextHash('First bold unit.'));
    expect(units[1]?.nextHash).toBe(contextHash('Third unit.'));
    expect(units[0]?.prevHash).toBe(contextHash(''));
    expect(units[2]?.nextHash).toBe(contextHash(''));
  });

  it('streams: units come out before the input has been read to the end', async () => {
    let chunksRead = 0;
    const total = 2000;
    async function* source() {
      yield '<tmx version="1.4"><header srclang="en"/><body>';
      for (let i = 0; i < total; i++) {
        chunksRead++;
        yield `<tu><tuv xml:lang="en"><seg>Unit number ${i}</seg></tuv><tuv xml:lang="es"><seg>Unidad ${i}</seg></tuv></tu>`;
      }
      yield '</body></tmx>';
    }
    let first: number | undefined;
    let n = 0;
    for await (const u of readTmx(Readable.from(source()), { sourceLanguage: 'en', targetLanguage: 'es' })) {
      first ??= chunksRead;
      expect(u.source).toBe(`Unit number ${n}`);
      n++;
    }
    expect(n).toBe(total);
    expect(first).toBeLessThan(10);
  });

  it('refuses entity declarations', async () => {
    const text =
      '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY x "xxxx">]><tmx><body><tu><tuv xml:lang="en"><seg>&x;</seg></tuv></tu></body></tmx>';
    await expect(async () => {
      for await (const _ of readTmx(Readable.from([text]), { sourceLanguage: 'en' })) void _;
    }).rejects.toMatchObject({ key: 'analysis.errors.xml_entities' });
  });
});

describe('readXliffPairs', () => {
  const pairs = async (text: string) => {
    const units = [];
    for await (const u of readXliffPairs(Readable.from([Buffer.from(text)]))) units.push(u);
    return units;
  };

  it('1.2: trans-unit source and target; empty or missing targets and translate="no" skipped', async () => {
    const x = `<?xml version="1.0"?><xliff version="1.2"><file source-language="en" target-language="es"><body>
      <trans-unit id="1"><source>Click <g id="1">Save</g> now.<ph id="2">&lt;br/&gt;</ph></source><target>Pulse <g id="1">Guardar</g> ya.<ph id="2">&lt;br/&gt;</ph></target></trans-unit>
      <trans-unit id="2"><source>Not translated yet.</source><target>  </target></trans-unit>
      <trans-unit id="3"><source>No target at all.</source></trans-unit>
      <trans-unit id="4" translate="no"><source>DO NOT TRANSLATE</source><target>NO</target></trans-unit>
      <group translate="no"><trans-unit id="5"><source>Also not</source><target>Tampoco</target></trans-unit></group>
      <trans-unit id="6"><source>Last one.</source><target>La última.</target><alt-trans><source>Last one.</source><target>Otra.</target></alt-trans></trans-unit>
    </body></file></xliff>`;
    const units = await pairs(x);
    expect(units.map((u) => [u.source, u.target])).toEqual([
      [`Click ${t('g')}Save${t('/g')} now.${t('ph')}`, `Pulse ${t('g')}Guardar${t('/g')} ya.${t('ph')}`],
      ['Last one.', 'La última.'],
    ]);
    // the sources read exactly as the analysis reads them, so an exact match finds them
    expect((await paragraphsOf('a.xlf', x)).paragraphs).toContain(units[0]!.source);
    expect(units[0]?.prevHash).toBe(contextHash(''));
    expect(units[0]?.nextHash).toBe(contextHash('Last one.'));
    expect(units[1]?.prevHash).toBe(contextHash(`Click ${t('g')}Save${t('/g')} now.${t('ph')}`));
  });

  it('2.0: unit/segment source and target, inline codes as tags, translate="no" spans and units skipped', async () => {
    const x = `<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="es"><file id="f">
      <unit id="u1"><segment><source>Hello <pc id="1">world</pc>.</source><target>Hola <pc id="1">mundo</pc>.</target></segment>
        <ignorable><source> </source><target> </target></ignorable>
        <segment><source>Keep <mrk id="m" translate="no">ACME</mrk> out.</source><target>Deje <mrk id="m" translate="no">ACME</mrk> fuera.</target></segment>
        <segment><source>Pending.</source><target/></segment></unit>
      <unit id="u2" translate="no"><segment><source>Nope</source><target>No</target></segment></unit>
    </file></xliff>`;
    expect((await pairs(x)).map((u) => [u.source, u.target])).toEqual([
      [`Hello ${t('pc')}world${t('/pc')}.`, `Hola ${t('pc')}mundo${t('/pc')}.`],
      [`Keep ${t('mrk')}${t('/mrk')} out.`, `Deje ${t('mrk')}${t('/mrk')} fuera.`],
    ]);
  });

  it('SDLXLIFF: sentences marked in seg-source and target are paired by mid', async () => {
    const x = `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2" xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0"><file><body>
      <trans-unit id="a"><source>One sentence. Two <g id="5">bold</g>.</source>
        <seg-source><mrk mtype="seg" mid="1">One sentence.</mrk> <mrk mtype="seg" mid="2">Two <g id="5">bold</g>.</mrk></seg-source>
        <target><mrk mtype="seg" mid="1">Una frase.</mrk> <mrk mtype="seg" mid="2">Dos <g id="5">negrita</g>.</mrk></target></trans-unit>
      <trans-unit id="b"><source>Three. Four.</source>
        <seg-source><mrk mtype="seg" mid="3">Three.</mrk> <mrk mtype="seg" mid="4">Four.</mrk></seg-source>
        <target><mrk mtype="seg" mid="3">Tres.</mrk> <mrk mtype="seg" mid="4"></mrk></target></trans-unit>
    </body></file></xliff>`;
    expect((await pairs(x)).map((u) => [u.source, u.target])).toEqual([
      ['One sentence.', 'Una frase.'],
      [`Two ${t('g')}bold${t('/g')}.`, `Dos ${t('g')}negrita${t('/g')}.`],
      ['Three.', 'Tres.'],
    ]);
  });

  it('streams: units come out before the input has been read to the end', async () => {
    let chunksRead = 0;
    const total = 2000;
    async function* source() {
      yield '<xliff version="1.2"><file><body>';
      for (let i = 0; i < total; i++) {
        chunksRead++;
        yield `<trans-unit id="${i}"><source>Unit number ${i}</source><target>Unidad ${i}</target></trans-unit>`;
      }
      yield '</body></file></xliff>';
    }
    let first: number | undefined;
    let n = 0;
    for await (const u of readXliffPairs(Readable.from(source()))) {
      first ??= chunksRead;
      expect(u.source).toBe(`Unit number ${n}`);
      n++;
    }
    expect(n).toBe(total);
    expect(first).toBeLessThan(10);
  });

  it('leaves out files declaring other languages than the wanted ones (primary subtag)', async () => {
    const x = `<xliff version="1.2">
      <file source-language="en-GB" target-language="es-ES"><body><trans-unit id="1"><source>Yes.</source><target>Sí.</target></trans-unit></body></file>
      <file source-language="en" target-language="fr"><body><trans-unit id="1"><source>Yes.</source><target>Oui.</target></trans-unit></body></file>
      <file><body><trans-unit id="1"><source>No.</source><target>No.</target></trans-unit></body></file>
    </xliff>`;
    const units = [];
    for await (const u of readXliffPairs(Readable.from([x]), { sourceLanguage: 'en', targetLanguage: 'es' }))
      units.push(u);
    expect(units.map((u) => u.target)).toEqual(['Sí.', 'No.']);
  });

  it('refuses entity declarations', async () => {
    const x =
      '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY x "xxxx">]><xliff version="1.2"><file><body><trans-unit id="1"><source>&x;</source><target>y</target></trans-unit></body></file></xliff>';
    await expect(pairs(x)).rejects.toMatchObject({ key: 'analysis.errors.xml_entities' });
  });
});

describe('InMemoryTranslationMemory', () => {
  it('finds exact and fuzzy candidates among many unrelated units, returning only a few', async () => {
    const tm = new InMemoryTranslationMemory();
    for (let i = 0; i < 20_000; i++)
      tm.add({ source: `Generated filler sentence number ${i} about topic ${i % 97}.` });
    tm.add({ source: 'Remove the paper tray before cleaning the printer.', target: 'Retire la bandeja.' });
    const q = { text: 'Remove the paper tray before cleaning the scanner.', prevHash: '', nextHash: '' };
    const found = await tm.findCandidates(q, { minScore: 50, limit: 10 });
    expect(found.length).toBeLessThanOrEqual(10);
    expect(found[0]?.source).toBe('Remove the paper tray before cleaning the printer.');
    const exact = await tm.findCandidates(
      { ...q, text: 'Generated filler sentence number 42 about topic 42.' },
      { minScore: 50, limit: 10 },
    );
    expect(exact.map((c) => c.source)).toEqual(['Generated filler sentence number 42 about topic 42.']);
  });

  it(
    'finds the best unit of common words as scoring every unit does, and the unit in context among identical ones',
    { timeout: 60_000 },
    async () => {
      const tm = new InMemoryTranslationMemory();
      const sources: string[] = [];
      for (let i = 0; i < 10_000; i++)
        sources.push(`the file of the system and the user number ${i % 1000} word${i % 5000}`);
      sources.push('in the file of the system and the rare zebra', 'the file of the system and of the user');
      for (const source of sources) tm.add({ source });
      for (const text of ['the file of the system and the user', 'in the file of the system', 'the file']) {
        const found = await tm.findCandidates(
          { text, prevHash: '', nextHash: '' },
          { minScore: 50, limit: 5 },
        );
        const best = Math.max(...sources.map((s) => scoreMatch(text, s)));
        expect(Math.max(0, ...found.map((c) => scoreMatch(text, c.source))), text).toBe(
          best >= 50 ? best : 0,
        );
      }
      tm.add({ source: 'Close it.', prevHash: 'a', nextHash: 'b' });
      tm.add({ source: 'Close it.', prevHash: 'c', nextHash: 'd' });
      const query = { text: 'Close it.', prevHash: 'c', nextHash: 'd' };
      const identical = await tm.findCandidates(query, { minScore: 50, limit: 5 });
      expect(identical.map((c) => c.prevHash)).toEqual(['c', 'a']);
      expect(bestMatch(query, identical).score).toBe(101);
    },
  );

  it('returns nothing for a segment sharing no words with the memory', async () => {
    const tm = new InMemoryTranslationMemory();
    tm.add({ source: 'Alpha beta gamma.' });
    expect(
      await tm.findCandidates(
        { text: 'Delta epsilon.', prevHash: '', nextHash: '' },
        { minScore: 50, limit: 5 },
      ),
    ).toEqual([]);
  });
});
