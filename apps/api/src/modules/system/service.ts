import type { UiErrorBody } from '@verba/contracts';
import { notFound } from '../../lib/app-error.ts';
import { outcome, type Deps, type Outcome } from '../../lib/service.ts';
import * as repo from './repository.ts';

/** Who reported a rendering failure: maybe signed in, with the browser's user agent. */
export interface UiErrorReporter {
  userId: number | null;
  userAgent: string | null;
}

export async function storeUiError(
  deps: Pick<Deps, 'db'>,
  reporter: UiErrorReporter,
  input: UiErrorBody,
): Promise<Outcome<{ stored: true }>> {
  const { error, stackTrace, url } = input;
  await repo.insertUiError(deps.db, {
    message: error.message,
    name: error.name ?? null,
    detail: error.string ?? null,
    stack: stackTrace ?? null,
    url: url ?? null,
    user_id: reporter.userId,
    user_agent: reporter.userAgent,
  });
  return outcome(
    { stored: true as const },
    { action: 'ui.error', key: 'ui.render_error', params: { message: error.message.slice(0, 200) } },
  );
}

/** The latest mails of the outbox; hidden (404) in production. */
export async function mailOutbox(deps: Pick<Deps, 'db' | 'config'>) {
  if (deps.config.production) throw notFound();
  return repo.latestOutboxMails(deps.db, 50);
}
