import type { uiErrorBody, uiErrorReply } from '@verba/contracts';
import { api, type DataOf } from './api-client.ts';

/** Tells the server a page failed to render (spec part 2 §7, POST /ui-error). Never throws. */
export async function reportUiError(error: Error, componentStack?: string | null): Promise<void> {
  const stackTrace = [error.stack ?? '', componentStack ?? ''].filter(Boolean).join('\n');
  await api
    .post<DataOf<typeof uiErrorReply>, typeof uiErrorBody>(
      '/ui-error',
      { error: { message: error.message, name: error.name, string: String(error) }, stackTrace },
      { quiet: true },
    )
    .catch(() => undefined);
}
