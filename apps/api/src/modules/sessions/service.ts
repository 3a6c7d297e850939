import { notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import * as repo from './repository.ts';

/** The signed-in user's live sessions, most recently used first; `current` is the caller's. */
export async function list(deps: Deps, actor: Actor) {
  const rows = await repo.liveSessions(deps.db, actor.user.id);
  return rows.map((row) => ({ ...row, current: row.id === actor.user.session_id }));
}

/** Ends one of the user's own sessions, at once in every process (ADR 0005); anyone else's is 404. */
export async function end(
  deps: Deps,
  actor: Actor,
  sessionId: number,
): Promise<Outcome<{ message: string }>> {
  if (!(await repo.revoke(deps.db, actor.user.id, sessionId))) throw notFound();
  return outcome(
    { message: actor.t('auth.session_ended') },
    { action: 'auth.session_end', key: 'auth.session_ended' },
  );
}

/** Ends every session of the user but the caller's. */
export async function endOthers(deps: Deps, actor: Actor): Promise<Outcome<{ message: string }>> {
  const count = await repo.revokeOthers(deps.db, actor.user.id, actor.user.session_id);
  return outcome(
    { message: actor.t('auth.sessions_ended') },
    { action: 'auth.sessions_end_others', key: 'auth.sessions_ended', params: { count } },
  );
}

export { touch as touchSession } from './repository.ts';

/** Which of these sessions are still live (a long-lived stream asks after a revocation). */
export async function liveSessionIds(deps: Pick<Deps, 'db'>, sessionIds: number[]): Promise<Set<number>> {
  return repo.stillLive(deps.db, sessionIds);
}
