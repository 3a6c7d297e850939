import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale, UserDto } from '@verba/contracts';
import { notFound, unauthenticated } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { findUserById, revokeSessions, setLanguage, setPasswordHash, userDto } from './repository.ts';

/** Only for yourself: anyone else's id answers 404, as if it did not exist. */
function ownId(request: FastifyRequest, id: number): number {
  if (!request.user) throw unauthenticated();
  if (request.user.id !== id) throw notFound();
  return id;
}

/** Changes your password and signs out every other session of yours. */
export async function changeOwnPassword(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  password: string,
): Promise<void> {
  const userId = ownId(request, id);
  await setPasswordHash(app.db, userId, await hashPassword(password));
  await revokeSessions(app.db, userId, request.user?.session_id);
  request.actionLog.description = 'Changed own password';
}

export async function changeOwnLanguage(
  app: FastifyInstance,
  request: FastifyRequest,
  id: number,
  language: Locale,
): Promise<UserDto> {
  const userId = ownId(request, id);
  await setLanguage(app.db, userId, language);
  request.actionLog.description = `Interface language set to ${language}`;
  const user = await findUserById(app.db, userId);
  if (!user) throw notFound();
  return userDto(app.db, user);
}
