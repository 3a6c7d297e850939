import { downloadFile } from '../../../lib/download.ts';
import { threadPath, type ThreadSource } from './thread-source.ts';

/** An attachment of a message, under its own name. */
export const downloadAttachment = (
  source: ThreadSource,
  messageId: number,
  file: { id: number; file_name: string },
) => downloadFile(`${threadPath(source)}/${messageId}/files/${file.id}`, file.file_name);
