import type { glossaryDownloadQuery, GlossaryExportFormat } from '@verba/contracts';
import type { z } from 'zod';
import { downloadFile } from '../../../lib/download.ts';

const EXTENSION: Record<GlossaryExportFormat, string> = { original: 'csv', csv: 'csv', tbx: 'tbx' };

/** Saves the original CSV, the normalised CSV or the TBX (the server names the file). */
export const downloadGlossary = (glossary: { id: number }, format: GlossaryExportFormat) =>
  downloadFile(`/glossaries/${glossary.id}/download`, `glossary-${glossary.id}.${EXTENSION[format]}`, {
    query: { format } satisfies z.input<typeof glossaryDownloadQuery>,
  });
