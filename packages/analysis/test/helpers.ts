import { Readable } from 'node:stream';
import { strToU8, zipSync } from 'fflate';
import type { Zippable } from 'fflate';
import { analyseTask, extractText } from '../src/index.ts';
import type { AnalysisLimits, TaskResult, TranslationMemory } from '../src/index.ts';

export type Content = string | Uint8Array;

export function bytes(c: Content): Buffer {
  return typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c);
}

export function streamOf(c: Content): Readable {
  return Readable.from([bytes(c)]);
}

/** Builds a zip in memory; `level: 0` stores members uncompressed. */
export function zip(members: Record<string, Content>, level: 0 | 6 | 9 = 6): Uint8Array {
  const z: Zippable = {};
  for (const [name, c] of Object.entries(members))
    z[name] = [typeof c === 'string' ? strToU8(c) : c, { level }];
  return zipSync(z);
}

export async function paragraphsOf(name: string, content: Content, limits?: Partial<AnalysisLimits>) {
  const r = await extractText({ name, open: () => streamOf(content) }, limits ? { limits } : {});
  return r;
}

export async function analyse(
  files: Record<string, Content>,
  opts: {
    source?: string;
    targets?: string[];
    memory?: (t: string) => TranslationMemory;
    limits?: Partial<AnalysisLimits>;
  } = {},
): Promise<TaskResult> {
  return analyseTask({
    files: Object.entries(files).map(([name, c], i) => ({
      id: String(i + 1),
      name,
      open: () => streamOf(c),
    })),
    sourceLanguage: opts.source ?? 'en',
    targetLanguages: opts.targets ?? ['es'],
    ...(opts.memory ? { memory: opts.memory } : {}),
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
}

// ------------------------------------------------------------ Office Open XML and ODF builders

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';

export function docx(body: string, extra: Record<string, string> = {}): Uint8Array {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document ${W} xmlns:wp="wp" xmlns:mc="mc"><w:body>${body}</w:body></w:document>`,
    ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [k, v.replace('<ROOT', `<ROOT ${W}`)])),
  });
}

export const wp = (text: string) => `<w:p><w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;

export function xlsx(shared: string[], cells: string): Uint8Array {
  return zip({
    '[Content_Types].xml': '<Types/>',
    'xl/workbook.xml': '<workbook/>',
    'xl/sharedStrings.xml': `<sst count="${shared.length}">${shared.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`,
    'xl/worksheets/sheet1.xml': `<worksheet><sheetData><row r="1">${cells}</row></sheetData></worksheet>`,
  });
}

export function pptx(slides: string[], notes: string[] = []): Uint8Array {
  const ns = 'xmlns:a="a" xmlns:p="p"';
  const files: Record<string, string> = {
    '[Content_Types].xml': '<Types/>',
    'ppt/presentation.xml': '<p:presentation xmlns:p="p"/>',
  };
  slides.forEach((s, i) => {
    files[`ppt/slides/slide${i + 1}.xml`] = `<p:sld ${ns}><p:cSld><p:spTree>${s}</p:spTree></p:cSld></p:sld>`;
  });
  notes.forEach((s, i) => {
    files[`ppt/notesSlides/notesSlide${i + 1}.xml`] =
      `<p:notes ${ns}><p:cSld><p:spTree>${s}</p:spTree></p:cSld></p:notes>`;
  });
  return zip(files);
}

export const ap = (text: string) =>
  `<p:sp><p:txBody><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:txBody></p:sp>`;

const ODF_NS =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="t" xmlns:table="tb" xmlns:draw="d" xmlns:svg="s" xmlns:dc="dc" xmlns:style="st" xmlns:presentation="pr" xmlns:math="m"';

export function odf(
  kind: 'text' | 'spreadsheet' | 'presentation' | 'formula',
  body: string,
  styles = '',
  manifest = '',
  /** The content of `office:meta` in meta.xml (`<dc:title>…</dc:title>`); no meta.xml when empty. */
  meta = '',
): Uint8Array {
  return zip(
    {
      mimetype: `application/vnd.oasis.opendocument.${kind}`,
      'META-INF/manifest.xml': `<manifest:manifest xmlns:manifest="m">${manifest}</manifest:manifest>`,
      ...(meta
        ? {
            'meta.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_NS} xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"><office:meta>${meta}</office:meta></office:document-meta>`,
          }
        : {}),
      'content.xml': `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS}><office:body>${body}</office:body></office:document-content>`,
      ...(styles
        ? { 'styles.xml': `<office:document-styles ${ODF_NS}>${styles}</office:document-styles>` }
        : {}),
    },
    0,
  );
}
