import type { UiErrorBody } from '@verba/contracts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { outcome, type Deps, type Outcome } from '../../lib/service.ts';
import * as repo from './repository.ts';

/** How long readiness waits for the database before it says the server cannot serve. */
const READY_PING_MS = 2_000;

/**
 * Whether this server should be sent requests: not while it stops (it is draining for a restart),
 * nor while its database does not answer. Liveness asks neither: restarting the server would not help.
 * A query of this process's that finished within the ping's time is answer enough: under load the
 * ping waits for a connection behind the requests, and a busy server is not an absent one (were it
 * to say so, the balancer would take every busy server out at once).
 */
export async function readiness(
  deps: Pick<Deps, 'db'> & { stopping: boolean; lastAnsweredAt: () => number },
): Promise<{ status: 'ok' }> {
  if (deps.stopping) throw new AppError(503, 'errors.server_stopping', { headers: { 'retry-after': '1' } });
  if (Date.now() - deps.lastAnsweredAt() < READY_PING_MS) return { status: 'ok' };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), READY_PING_MS)));
  const answered = await Promise.race([repo.ping(deps.db).then(() => 'ok' as const), late])
    .catch(() => 'failed' as const)
    .finally(() => clearTimeout(timer));
  if (answered !== 'ok')
    throw new AppError(503, 'errors.database_unavailable', { headers: { 'retry-after': '5' } });
  return { status: 'ok' };
}

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
