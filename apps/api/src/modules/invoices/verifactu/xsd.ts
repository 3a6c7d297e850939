import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The vendored AEAT schemas (xsd/SOURCE.md). */
export const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'xsd');

/**
 * Validates a RegFactuSistemaFacturacion document against SuministroLR.xsd (and what it imports)
 * with xmllint from Debian's libxml2-utils, offline: null when valid, else xmllint's complaints.
 */
export function validateRegFactu(document: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'xmllint',
      ['--noout', '--nonet', '--schema', path.join(XSD_DIR, 'SuministroLR.xsd'), '-'],
      { maxBuffer: 16 * 1024 * 1024 },
      (err, _stdout, stderr) => {
        if (err && typeof err.code !== 'number') return reject(err);
        resolve(err ? stderr.trim() || `xmllint exited with ${err.code}` : null);
      },
    );
    child.stdin!.end(document);
  });
}
