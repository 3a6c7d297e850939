import type { AnalysisPool } from '@verba/analysis';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Locale } from '@verba/contracts';
import type { Config } from '../config.ts';
import type { Db, Database } from '../db/client.ts';
import type { ActionLogEntry } from '../plugins/action-log.ts';
import type { CurrentUser } from '../plugins/auth.ts';
import type { JobQueue } from '../plugins/jobs.ts';
import type { Mailer } from '../plugins/mail.ts';
import type { Storage } from '../plugins/storage.ts';
import { translator, type Translate } from './i18n.ts';
import { unauthenticated } from './app-error.ts';

/**
 * What a service needs from the outside world. The Fastify app satisfies it as it is, and a job
 * or the CLI can build one without a request (DESIGN §13, ADR 0007).
 */
export interface Deps {
  db: Db;
  database: Database;
  config: Config;
  storage: Storage;
  mailer: Mailer;
  jobs: JobQueue;
  analysis: Pick<
    AnalysisPool,
    'analyse' | 'prepare' | 'keepSnapshots' | 'forgetSnapshots' | 'sweepSnapshots'
  >;
  log: FastifyBaseLogger;
}

/** Who calls a service: the signed-in user, the language of their messages, where they are. */
export interface Actor {
  user: CurrentUser;
  locale: Locale;
  t: Translate;
  ip: string;
}

/** A caller with no session yet (sign-in, password reset, a guest). */
export type Anonymous = Omit<Actor, 'user'>;

/**
 * What a mutating service returns: its result, and the action log row the call should write
 * (null: the call changed nothing worth a row, e.g. a page reload re-reading a payment).
 */
export interface Outcome<T> {
  data: T;
  log: ActionLogEntry | null;
}

export function outcome<T>(data: T, log: ActionLogEntry): Outcome<T> {
  return { data, log };
}

/** A result whose call writes no action log row although its method is a mutating one. */
export function unlogged<T>(data: T): Outcome<T> {
  return { data, log: null };
}

/** The actor of a signed-in request (routes only). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.user) throw unauthenticated();
  return { user: request.user, locale: request.locale, t: request.t, ip: request.ip };
}

/** The caller of a public route (routes only). */
export function anonymousOf(request: FastifyRequest): Anonymous {
  return { locale: request.locale, t: request.t, ip: request.ip };
}

/** An actor outside any request: a background job or the CLI acting as a given user. */
export function systemActor(user: CurrentUser, locale: Locale = user.language): Actor {
  return { user, locale, t: translator(locale), ip: '127.0.0.1' };
}

/** Hands a service's log entry to the action-log plugin and returns its data (routes only). */
export function logged<T>(request: FastifyRequest, result: Outcome<T>): T {
  request.actionLog = result.log ? { ...request.actionLog, ...result.log } : { skip: true };
  return result.data;
}
