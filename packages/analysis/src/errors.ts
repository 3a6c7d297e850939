/** Message keys for per-file errors; the API translates them, we never show stacks. */
export const ErrorKeys = {
  zipBomb: 'analysis.errors.zip_bomb',
  zipDepth: 'analysis.errors.zip_too_deep',
  zipEntries: 'analysis.errors.zip_too_many_entries',
  pathTraversal: 'analysis.errors.unsafe_path',
  corruptArchive: 'analysis.errors.corrupt_archive',
  corruptFile: 'analysis.errors.corrupt_file',
  encrypted: 'analysis.errors.encrypted',
  xmlEntities: 'analysis.errors.xml_entities',
  xmlInvalid: 'analysis.errors.invalid_xml',
  unsupportedType: 'analysis.errors.unsupported_type',
  tooLarge: 'analysis.errors.file_too_large',
  timeout: 'analysis.errors.timeout',
  aborted: 'analysis.errors.aborted',
  readFailed: 'analysis.errors.read_failed',
  internal: 'analysis.errors.internal',
  /** A translation-memory unit longer than a unit may be (params: `unit`, `line`, `limit`). */
  unitTooLong: 'analysis.errors.unit_too_long',
} as const;

export type ErrorKey = (typeof ErrorKeys)[keyof typeof ErrorKeys];

export interface FileError {
  key: string;
  params?: Record<string, unknown>;
}

export class AnalysisError extends Error {
  readonly key: ErrorKey;
  readonly params: Record<string, unknown> | undefined;

  constructor(key: ErrorKey, params?: Record<string, unknown>) {
    super(key);
    this.name = 'AnalysisError';
    this.key = key;
    this.params = params;
  }
}

/** Maps anything thrown while analysing one file to a message key (no stack, no internals). */
export function toFileError(err: unknown): FileError {
  if (err instanceof AnalysisError) {
    return err.params ? { key: err.key, params: err.params } : { key: err.key };
  }
  const message = err instanceof Error ? err.message : String(err);
  if (
    /invalid (?:central directory|local file header|signature|relative offset|comment)|end of central directory|unexpected EOF|invalid (?:code|distance|block type|stored block)|incorrect header|unexpected end|zlib|Z_|too many length|invalid literal|truncated|corrupt/i.test(
      message,
    )
  ) {
    return { key: ErrorKeys.corruptArchive };
  }
  return { key: ErrorKeys.corruptFile };
}
