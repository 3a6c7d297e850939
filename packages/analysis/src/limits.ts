/** Limits applied to every file of a task; all of them are configuration (see `analyseTask({ limits })`). */
export interface AnalysisLimits {
  /** Largest input file, in bytes. */
  maxFileBytes: number;
  /** Largest single archive member once inflated, in bytes. */
  maxEntryBytes: number;
  /** Total inflated bytes of one archive (including nested archives). */
  maxArchiveTotalBytes: number;
  /**
   * Largest inflated/compressed ratio accepted for a member once it expands past `ratioThresholdBytes`
   * (declared, or counted while inflating). A high ratio alone is no bomb: a LibreOffice .docx of
   * 30,000 repeated paragraphs (13 MB of XML) compresses 164:1.
   */
  maxCompressionRatio: number;
  /** Members expanding to less than this are only held to `maxEntryBytes` and the archive total. */
  ratioThresholdBytes: number;
  /** Entries in one archive. */
  maxArchiveEntries: number;
  /** Zips inside zips: 1 means a zip may contain zips, but those may not contain zips. */
  maxArchiveDepth: number;
  /** Wall-clock time for one top-level file (all its members included), in milliseconds. */
  fileTimeoutMs: number;
  /** XML nesting depth. */
  maxXmlDepth: number;
  /** Longest run of text handed to the sentence segmenter at once. */
  maxSegmenterChars: number;
  /** Longest segment accepted for TM matching (longer ones are counted but get no fuzzy lookup). */
  maxMatchChars: number;
}

export const defaultLimits: AnalysisLimits = {
  maxFileBytes: 512 * 1024 * 1024,
  maxEntryBytes: 256 * 1024 * 1024,
  maxArchiveTotalBytes: 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioThresholdBytes: 32 * 1024 * 1024,
  maxArchiveEntries: 10_000,
  maxArchiveDepth: 3,
  fileTimeoutMs: 5 * 60 * 1000,
  maxXmlDepth: 512,
  maxSegmenterChars: 4000,
  maxMatchChars: 2000,
};

export function resolveLimits(partial?: Partial<AnalysisLimits>): AnalysisLimits {
  return { ...defaultLimits, ...(partial ?? {}) };
}
