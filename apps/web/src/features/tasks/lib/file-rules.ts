import { hasAcceptedExtension } from '@verba/contracts';

export interface PendingFile {
  key: string;
  file: File;
}

export interface FileAddResult {
  added: File[];
  /** Names refused for their type. */
  rejectedType: string[];
  /** Names already in the list (or twice in the drop). */
  duplicates: string[];
}

/**
 * The file list rules of spec part 2 §5: accepted types only, and two files of one task never share
 * a name (kept server files count too). Names compare case-insensitively.
 */
export function addFiles(existingNames: readonly string[], incoming: readonly File[]): FileAddResult {
  const taken = new Set(existingNames.map((name) => name.toLowerCase()));
  const result: FileAddResult = { added: [], rejectedType: [], duplicates: [] };
  for (const file of incoming) {
    if (!hasAcceptedExtension(file.name)) {
      result.rejectedType.push(file.name);
      continue;
    }
    const key = file.name.toLowerCase();
    if (taken.has(key)) {
      result.duplicates.push(file.name);
      continue;
    }
    taken.add(key);
    result.added.push(file);
  }
  return result;
}
