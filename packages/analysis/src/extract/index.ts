import { basename } from 'node:path';
import { detectFromHead, detectZipKind } from '../detect.ts';
import type { DetectedType } from '../detect.ts';
import { AnalysisError, ErrorKeys, toFileError } from '../errors.ts';
import type { FileError } from '../errors.ts';
import { readHead, receive, throwIfAborted } from '../io.ts';
import type { Scratch, Source } from '../io.ts';
import type { ZipArchive } from '../zip/archive.ts';
import type { ExtractContext } from './context.ts';

/** One document found in a file: the file itself, or a member of an archive (path inside it). */
export interface ExtractedDocument {
  /** Member path inside the archive ("docs/a.docx", "inner.zip/b.txt"); undefined for the file itself. */
  path?: string;
  detectedType: DetectedType;
  paragraphs: string[];
  error?: FileError;
}

export interface WalkContext {
  limits: ExtractContext['limits'];
  signal: AbortSignal;
  scratch: Scratch;
  budget: ExtractContext['budget'];
  /** Told the type of the top-level file as soon as it is known (so that errors can still report it). */
  onDetected?: (type: DetectedType) => void;
  /**
   * When given, the paragraphs of each document go to the function it returns (called at a
   * document's first paragraph) instead of being collected in `ExtractedDocument.paragraphs`.
   */
  startDocument?: (type: DetectedType) => (paragraph: string) => void;
}

/** Folders and files that archivers add and nobody wants counted. */
const JUNK_RE = /(?:^|\/)(?:__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$)/i;

/**
 * Extracts the paragraphs of a file on disk, detecting its type from the content. Archives are
 * walked member by member (nested archives up to `maxArchiveDepth`); `onDocument` receives each
 * document as soon as it is extracted, so that paragraphs of a large archive are never all held.
 */
export async function walkFile(
  path: Source,
  name: string,
  ctx: WalkContext,
  onDocument: (doc: ExtractedDocument) => Promise<void> | void,
  depth = 0,
  prefix?: string,
): Promise<DetectedType> {
  throwIfAborted(ctx.signal);
  const head = await readHead(path, 8192);
  let type = detectFromHead(head, name);
  const top = prefix === undefined;
  if (top) ctx.onDetected?.(type);
  if (type === 'zip') {
    const { ZipArchive } = await import('../zip/archive.ts');
    const zip = await ZipArchive.open(path, ctx.limits, ctx.budget);
    try {
      type = await detectZipKind(zip);
      if (top) ctx.onDetected?.(type);
      if (type !== 'zip') {
        const paragraphs: string[] = [];
        await extractFromZipFormat(type, zip, { ...ctx, emit: sink(ctx, type, paragraphs) });
        await onDocument(doc(prefix, type, paragraphs));
        return type;
      }
      if (depth >= ctx.limits.maxArchiveDepth + 1)
        throw new AnalysisError(ErrorKeys.zipDepth, { limit: ctx.limits.maxArchiveDepth });
      for (const member of zip.members) {
        throwIfAborted(ctx.signal);
        if (member.directory || JUNK_RE.test(member.name)) continue;
        const memberPath = prefix ? `${prefix}/${member.name}` : member.name;
        if (member.unsafe) {
          await onDocument({
            path: memberPath,
            detectedType: 'unknown',
            paragraphs: [],
            error: { key: ErrorKeys.pathTraversal },
          });
          continue;
        }
        if (member.encrypted) {
          await onDocument({
            path: memberPath,
            detectedType: 'unknown',
            paragraphs: [],
            error: { key: ErrorKeys.encrypted },
          });
          continue;
        }
        try {
          const file = await receive(
            await zip.openStream(member),
            ctx.scratch,
            ctx.limits.maxEntryBytes,
            ctx.signal,
            ErrorKeys.zipBomb,
          );
          await walkFile(file, basename(member.name), ctx, onDocument, depth + 1, memberPath);
        } catch (err) {
          const e = toFileError(err);
          // Limits of the whole archive end the archive; anything else only this member.
          if (e.key === ErrorKeys.zipBomb || e.key === ErrorKeys.timeout || e.key === ErrorKeys.aborted)
            throw err;
          if (e.key === ErrorKeys.zipDepth) {
            await onDocument({ path: memberPath, detectedType: 'zip', paragraphs: [], error: e });
            continue;
          }
          await onDocument({ path: memberPath, detectedType: 'unknown', paragraphs: [], error: e });
        }
      }
      return 'zip';
    } finally {
      zip.close();
    }
  }
  const paragraphs: string[] = [];
  // the sink is taken at the first paragraph, when an OLE file's kind is known
  let emit: ((p: string) => void) | undefined;
  const ectx: ExtractContext = {
    ...ctx,
    emit: (p) => {
      emit ??= sink(ctx, type, paragraphs);
      emit(p);
    },
  };
  switch (type) {
    case 'empty':
      break;
    case 'unknown':
      throw new AnalysisError(ErrorKeys.unsupportedType);
    case 'ole': {
      // Each extractor (and its parser library) is loaded the first time a file needs it.
      const { extractDoc, extractPpt, extractXls, openOle } = await import('./ole.ts');
      const ole = await openOle(path, ctx.limits.maxFileBytes);
      if (top && ole.kind !== 'unknown' && ole.kind !== 'encrypted') ctx.onDetected?.(ole.kind);
      if (ole.kind === 'encrypted') throw new AnalysisError(ErrorKeys.encrypted);
      if (ole.kind === 'unknown') throw new AnalysisError(ErrorKeys.unsupportedType);
      type = ole.kind;
      if (top) ctx.onDetected?.(type);
      if (ole.kind === 'doc') extractDoc(ole, ectx);
      else if (ole.kind === 'xls') extractXls(ole, ectx);
      else extractPpt(ole, ectx);
      break;
    }
    case 'txt':
      await (await import('./txt.ts')).extractTxt(path, ectx);
      break;
    case 'srt':
      await (await import('./srt.ts')).extractSrt(path, ectx);
      break;
    case 'po':
      await (await import('./po.ts')).extractPo(path, ectx);
      break;
    case 'html':
      await (await import('./html.ts')).extractHtml(path, ectx);
      break;
    case 'xliff':
      await (await import('./xliff.ts')).extractXliff(path, ectx);
      break;
    case 'mif':
      await (await import('./mif.ts')).extractMif(path, ectx);
      break;
    default:
      await (await import('./xml-generic.ts')).extractXmlGeneric(path, ectx);
  }
  await onDocument(doc(prefix, type, paragraphs));
  return type;
}

function sink(ctx: WalkContext, type: DetectedType, paragraphs: string[]): (p: string) => void {
  return ctx.startDocument ? ctx.startDocument(type) : (p) => paragraphs.push(p);
}

function doc(path: string | undefined, detectedType: DetectedType, paragraphs: string[]): ExtractedDocument {
  return path === undefined ? { detectedType, paragraphs } : { path, detectedType, paragraphs };
}

async function extractFromZipFormat(type: DetectedType, zip: ZipArchive, ctx: ExtractContext): Promise<void> {
  switch (type) {
    case 'docx':
      return (await import('./docx.ts')).extractDocx(zip, ctx);
    case 'xlsx':
      return (await import('./xlsx.ts')).extractXlsx(zip, ctx);
    case 'pptx':
      return (await import('./pptx.ts')).extractPptx(zip, ctx);
    case 'idml':
      return (await import('./idml.ts')).extractIdml(zip, ctx);
    default:
      return (await import('./odf.ts')).extractOdf(zip, ctx);
  }
}
