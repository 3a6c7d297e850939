import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { messageReplies } from '@verba/contracts';
import type { DataOf } from '../../../lib/api-client.ts';
import { buildFormData, uploadRequest } from '../../../lib/upload.ts';
import { threadKey, threadPath, type ThreadSource } from './thread-source.ts';

export interface NewMessage {
  body: string;
  /** An internal note (staff only): never shown to the client side. */
  internal: boolean;
  files: File[];
}

/** POST the thread's messages route, multipart `body`, `internal`, `files[]`; 413 and 422 shown by the form. */
export const postMessage = (source: ThreadSource, message: NewMessage) => {
  const data = buildFormData({
    body: message.body,
    ...(source.kind === 'task' ? { internal: message.internal ? 'true' : 'false' } : {}),
  });
  for (const file of message.files) data.append('files[]', file);
  return uploadRequest<DataOf<typeof messageReplies.created>>(threadPath(source), data, {
    handles: [413, 422],
  });
};

export const usePostMessageMutation = (source: ThreadSource) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: NewMessage) => postMessage(source, message),
    onSuccess: () => client.invalidateQueries({ queryKey: threadKey(source) }),
  });
};
