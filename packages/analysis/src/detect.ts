import { extname } from 'node:path';
import { sniffEncoding } from './io.ts';
import type { ZipArchive } from './zip/archive.ts';

export type DetectedType =
  | 'txt'
  | 'html'
  | 'xml'
  | 'dita'
  | 'ditamap'
  | 'xliff'
  | 'tmx'
  | 'po'
  | 'srt'
  | 'mif'
  | 'docx'
  | 'xlsx'
  | 'pptx'
  | 'odt'
  | 'ods'
  | 'odp'
  | 'odf'
  | 'idml'
  | 'doc'
  | 'xls'
  | 'ppt'
  | 'zip'
  | 'ole'
  | 'empty'
  | 'unknown';

const ZIP_MAGIC = [0x50, 0x4b];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** First pass, from the first bytes: the container kind, or the text format. */
export function detectFromHead(head: Buffer, name: string): DetectedType {
  if (head.length === 0) return 'empty';
  if (ZIP_MAGIC.every((b, i) => head[i] === b) && (head[2] === 3 || head[2] === 5 || head[2] === 7))
    return 'zip';
  if (OLE_MAGIC.every((b, i) => head[i] === b)) return 'ole';
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'unknown';
  const { encoding, bom } = sniffEncoding(head);
  let text: string;
  try {
    text = new TextDecoder(encoding).decode(head.subarray(bom));
  } catch {
    return 'unknown';
  }
  if (looksBinary(text)) return 'unknown';
  const ext = extname(name).toLowerCase();
  const t = text.replace(/^\uFEFF/, '').trimStart();
  if (/^<MIFFile\b/.test(t)) return 'mif';
  if (t.startsWith('<')) {
    const root = rootElement(t);
    if (root === 'xliff') return 'xliff';
    if (root === 'tmx') return 'tmx';
    if (
      root === 'html' ||
      /^<!doctype html/i.test(t) ||
      (root === undefined && (ext === '.htm' || ext === '.html'))
    )
      return 'html';
    if (root && /^(?:map|bookmap|subjectScheme|learningMap)$/.test(root)) return 'ditamap';
    if (
      root &&
      /^(?:topic|concept|task|reference|glossentry|glossgroup|troubleshooting|dita|learningContent|learningOverview|learningSummary|learningAssessment|learningPlan)$/.test(
        root,
      )
    ) {
      return 'dita';
    }
    if (/^(?:<\?xml|<!--)/.test(t) || root) {
      if (ext === '.htm' || ext === '.html') return 'html';
      return 'xml';
    }
    if (/<(?:html|body|div|p|head|table)[\s>]/i.test(t)) return 'html';
  }
  if (/^(?:(?:#[^\n]*|\s*)\n)*\s*(?:msgctxt\s+"|msgid\s+")/.test(t) && /\nmsgstr/.test(t)) return 'po';
  if (/^\d+\s*\r?\n\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(t)) return 'srt';
  if (ext === '.html' || ext === '.htm') return 'html';
  return 'txt';
}

/** Second pass for zips: Office Open XML, OpenDocument and IDML are zips with known members. */
export async function detectZipKind(zip: ZipArchive): Promise<DetectedType> {
  if (zip.get('[Content_Types].xml')) {
    if (zip.get('word/document.xml')) return 'docx';
    if (zip.get('xl/workbook.xml')) return 'xlsx';
    if (zip.get('ppt/presentation.xml')) return 'pptx';
  }
  const mimetype = zip.get('mimetype');
  if (mimetype && mimetype.uncompressedSize < 200) {
    const mt = (await zip.readSmall(mimetype)).toString('latin1').trim();
    if (mt.startsWith('application/vnd.oasis.opendocument.')) {
      const kind = mt.slice('application/vnd.oasis.opendocument.'.length);
      if (kind.startsWith('text')) return 'odt';
      if (kind.startsWith('spreadsheet')) return 'ods';
      if (kind.startsWith('presentation')) return 'odp';
      return 'odf';
    }
    if (mt === 'application/vnd.adobe.indesign-idml-package') return 'idml';
  }
  if (zip.get('designmap.xml')) return 'idml';
  if (zip.get('content.xml') && zip.get('META-INF/manifest.xml')) return 'odf';
  return 'zip';
}

function rootElement(t: string): string | undefined {
  const re = /<([A-Za-z_][\w.:-]*)/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(t)) !== null) {
    const before = t.slice(Math.max(0, m.index - 1), m.index + 1);
    if (before.startsWith('!') || before.startsWith('?')) continue;
    const name = m[1] ?? '';
    const i = name.indexOf(':');
    return i === -1 ? name : name.slice(i + 1);
  }
  return undefined;
}

function looksBinary(text: string): boolean {
  let control = 0;
  const n = Math.min(text.length, 4096);
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c < 9 || (c > 13 && c < 32) || c === 0xfffd) control++;
  }
  return n > 0 && control / n > 0.05;
}
