import { invalid } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import * as repo from './repository.ts';

export async function nextTaskId(deps: Pick<Deps, 'db'>): Promise<{ id: number }> {
  return { id: Number((await repo.readNextTaskId(deps.db)) ?? 1) };
}

/** The next id must stay above every task id and numeric code already used. */
export async function setNextTaskId(
  deps: Pick<Deps, 'db'>,
  _actor: Actor,
  input: { id: number },
): Promise<Outcome<{ id: number }>> {
  const highest = await repo.highestTaskNumber(deps.db);
  if (input.id <= highest) {
    throw invalid({ id: [{ key: 'settings.next_id_too_low', values: { highest } }] });
  }
  await repo.writeNextTaskId(deps.db, input.id);
  return outcome(
    { id: input.id },
    { action: 'settings.next_task_id', key: 'settings.next_task_id', params: { id: input.id } },
  );
}
