import { downloadFile } from '../../../lib/download.ts';
import { pairPath } from './pair-path.ts';

/** Saves one language pair of a customer's memory as TMX. */
export const exportMemory = (customerId: number, pair: { source_lang: string; target_lang: string }) =>
  downloadFile(`${pairPath(customerId, pair)}/export`, 'memory.tmx');
