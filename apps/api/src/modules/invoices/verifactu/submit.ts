import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import type { AeatAnswer, VerifactuState } from '../../../db/schema/index.ts';
import type { Deps } from '../../../lib/service.ts';
import { parseReply, postSoap, type AnswerLine } from './aeat-client.ts';
import * as repo from './repository.ts';
import { MAX_BATCH, regFactu, soapEnvelope } from './submission-xml.ts';

export const SUBMIT_JOB = 'invoices.verifactu-submit';

type SubmitDeps = Pick<Deps, 'db' | 'config' | 'jobs'>;

/** Queues a submission of the issuer's unsent records (in `tx`: only if the record commits). */
export async function queueSubmission(deps: Pick<Deps, 'config' | 'jobs'>, tx?: Db, startAfter?: Date) {
  const config = deps.config.verifactu;
  if (config.mode !== 'verifactu' || !config.submit) return;
  await deps.jobs.enqueue(SUBMIT_JOB, { issuer: config.issuer.nif }, tx, startAfter);
}

const STATE_OF: Record<AnswerLine['state'], VerifactuState> = {
  Correcto: 'accepted',
  AceptadoConErrores: 'accepted_with_errors',
  Incorrecto: 'rejected',
};

/** A record the AEAT already holds (error 3000, a duplicate) counts as registered, in its state there. */
function stateOf(line: AnswerLine): VerifactuState {
  if (line.state === 'Incorrecto' && line.code === '3000')
    return line.duplicateState === 'AceptadaConErrores' ? 'accepted_with_errors' : 'accepted';
  return STATE_OF[line.state];
}

/**
 * Sends the issuer's oldest unsent records (at most 1,000) in one request, once the wait the
 * AEAT last asked for (TiempoEsperaEnvio) has passed, and stores the answer of each. Records are
 * marked sent before the request: a process stopped before the answer leaves them sent, and the
 * next run sends them again (the AEAT answers a duplicate with 3000, read as registered). What
 * is left, or what had to wait, goes back to the queue for when the AEAT allows the next batch.
 */
export async function submitBatch(
  deps: SubmitDeps,
  signal: AbortSignal,
  now = () => new Date(),
): Promise<void> {
  const config = deps.config.verifactu;
  if (config.mode !== 'verifactu' || !config.submit) return;
  const nif = config.issuer.nif;
  const notBefore = await repo.nextSendAt(deps.db, nif);
  if (notBefore && notBefore > now()) {
    await queueSubmission(deps, undefined, notBefore);
    return;
  }
  const records = await repo.unsentRecords(deps.db, nif, MAX_BATCH);
  if (!records.length) return;
  await repo.markSent(
    deps.db,
    records.map((r) => r.id),
  );
  const reply = parseReply(
    await postSoap(
      config,
      soapEnvelope(
        regFactu(
          config.issuer,
          records.map((r) => r.xml),
        ),
      ),
      signal,
    ),
  );
  const at = now().toISOString();
  if (reply.kind === 'fault') {
    // The whole request was refused (its XML, its certificate): every record in it is rejected.
    const answer: AeatAnswer = { status: 'Fault', code: reply.code, text: reply.text, csv: null, at };
    for (const record of records) await repo.setAnswer(deps.db, record.id, 'rejected', answer);
    await repo.setNextSendAt(deps.db, nif, new Date(now().getTime() + 60_000));
    return;
  }
  const lines = [...reply.lines];
  for (const record of records) {
    const operation = record.record_type === 'anulacion' ? 'Anulacion' : 'Alta';
    const index = lines.findIndex((l) => l.numSerie === record.num_serie && l.operation === operation);
    const line = index >= 0 ? lines.splice(index, 1)[0]! : undefined;
    const state: VerifactuState = line
      ? stateOf(line)
      : reply.status === 'Incorrecto'
        ? 'rejected'
        : 'accepted';
    await repo.setAnswer(deps.db, record.id, state, {
      status: line?.state ?? reply.status,
      code: line?.code ?? null,
      text: line?.text ?? null,
      csv: reply.csv,
      at,
    });
  }
  const next = new Date(now().getTime() + reply.waitSeconds * 1000);
  await repo.setNextSendAt(deps.db, nif, next);
  if ((await repo.unsentRecords(deps.db, nif, 1)).length) await queueSubmission(deps, undefined, next);
}

/** The submission worker (registered with the other jobs when the app is built). */
export function registerVerifactuJobs(app: FastifyInstance): void {
  app.jobs.work(SUBMIT_JOB, (_payload, signal) => submitBatch(app, signal));
}
