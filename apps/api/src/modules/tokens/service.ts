import { TOKEN_PREFIX, type ApiToken, type TokenScope } from '@verba/contracts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { outcome, type Actor, type Deps } from '../../lib/service.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import * as policy from './policy.ts';
import * as repo from './repository.ts';

interface TokenInput {
  name: string;
  scopes: TokenScope[];
  expires_at: Date | null;
  user_id?: number | undefined;
}

const toDto = (row: NonNullable<Awaited<ReturnType<typeof repo.findToken>>>): ApiToken => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes as TokenScope[],
  user: { id: row.user_id, name: `${row.user_name} ${row.user_lastname}`.trim(), email: row.user_email },
  expires_at: row.expires_at?.toISOString() ?? null,
  last_used_at: row.last_used_at?.toISOString() ?? null,
  last_used_ip: row.last_used_ip,
  revoked_at: row.revoked_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});

export async function list(deps: Deps, actor: Actor): Promise<ApiToken[]> {
  policy.assertCan(actor.user, 'list');
  const scope = policy.listScope(actor.user);
  if (!scope) return [];
  return (await repo.listTokens(deps.db, scope)).map(toDto);
}

/** Makes a token: its secret is in this answer only; the database keeps its SHA-256. */
export async function create(deps: Deps, actor: Actor, input: TokenInput) {
  const userId = input.user_id ?? actor.user.id;
  const owner = await repo.findOwner(deps.db, userId);
  policy.assertCan(actor.user, 'create', owner);
  if (!owner.is_active) throw notFound();
  if (input.expires_at && input.expires_at.getTime() <= Date.now())
    throw invalid({ expires_at: ['tokens.expiry_past'] });
  const token = `${TOKEN_PREFIX}${newToken(32)}`;
  const scopes = [...new Set(input.scopes)];
  const row = await repo.insertToken(deps.db, {
    user_id: userId,
    created_by: actor.user.id,
    name: input.name,
    token_hash: sha256(token),
    prefix: token.slice(0, TOKEN_PREFIX.length + 6),
    scopes,
    expires_at: input.expires_at,
  });
  return outcome(
    { id: row.id, token },
    { key: 'tokens.created', params: { name: input.name, scopes: scopes.join(', ') } },
  );
}

/** Revoked at once, in every server process (the database announces it, ADR 0005). */
export async function revoke(deps: Deps, actor: Actor, id: number) {
  const row = await repo.findToken(deps.db, id);
  policy.assertCan(actor.user, 'revoke', row);
  await repo.revokeToken(deps.db, id);
  const revoked = await repo.findToken(deps.db, id);
  return outcome(toDto(revoked!), { key: 'tokens.revoked', params: { name: row.name } });
}
