import type { SsoProviderBody, SsoProviderDto } from '@verba/contracts';
import type { Db } from '../../db/client.ts';
import type { LogKey } from '../../lib/log-messages.ts';
import { invalid, notFound } from '../../lib/app-error.ts';
import { open, resealStored, seal } from '../../lib/secret-box.ts';
import { outcome, type Actor, type Deps, type Outcome } from '../../lib/service.ts';
import { endSessionUrlOf, type Relying } from './oidc.ts';
import { assertCan } from './policy.ts';
import * as repo from './repository.ts';

const dto = (row: repo.ProviderWithDomains): SsoProviderDto => ({
  id: row.id,
  customer_id: row.customer_id,
  customer_name: row.customer_name,
  issuer_url: row.issuer_url,
  client_id: row.client_id,
  has_client_secret: row.client_secret_encrypted !== '',
  domains: row.domains,
  password_sign_in: row.password_sign_in,
  create_users: row.create_users,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** What talking to a provider needs, its secret opened. */
export const relyingOf = (deps: Pick<Deps, 'config'>, provider: repo.ProviderRow): Relying => ({
  issuerUrl: provider.issuer_url,
  clientId: provider.client_id,
  clientSecret: open(
    deps.config.secretsKey,
    provider.client_secret_encrypted,
    deps.config.previousSecretsKeys,
  ),
  timeoutSeconds: deps.config.sso.timeoutSeconds,
});

/**
 * At start, on every process: re-encrypts under SECRETS_KEY the client secrets encrypted with a
 * previous key (SECRETS_KEY_PREVIOUS, a rotation); stops the start when one opens with no key given.
 */
export async function resealClientSecrets(deps: Pick<Deps, 'db' | 'config' | 'log'>): Promise<number> {
  const count = await resealStored(
    deps.config,
    'single sign-on client secrets (sso_providers.client_secret_encrypted)',
    await repo.storedClientSecrets(deps.db),
    (id, from, to) => repo.replaceClientSecret(deps.db, id, from, to),
  );
  if (count > 0) deps.log.info({ count }, 'single sign-on client secrets encrypted under SECRETS_KEY');
  return count;
}

export const domainOf = (email: string): string => email.trim().toLowerCase().split('@').pop() ?? '';

export async function listProviders(deps: Deps, actor: Actor): Promise<SsoProviderDto[]> {
  assertCan(actor.user, 'manage');
  return (await repo.listProviders(deps.db)).map(dto);
}

async function checkedInput(deps: Deps, input: ReturnType<typeof normalise>, exceptId: number | null) {
  const taken = await repo.domainsTaken(deps.db, input.domains, exceptId);
  if (taken.length > 0)
    throw invalid({ domains: [{ key: 'errors.sso_domain_taken', values: { domains: taken.join(', ') } }] });
  if (input.customer_id !== null && !(await repo.customerName(deps.db, input.customer_id)))
    throw invalid({ customer_id: ['errors.sso_customer_unknown'] });
  if (input.customer_id === null && input.create_users)
    throw invalid({ create_users: ['errors.sso_staff_not_created'] });
}

function normalise(input: SsoProviderBody) {
  return {
    customer_id: input.customer_id,
    issuer_url: input.issuer_url.replace(/\/$/, ''),
    client_id: input.client_id,
    client_secret: input.client_secret,
    domains: [...new Set(input.domains.map((d) => d.trim().toLowerCase()))],
    password_sign_in: input.password_sign_in ?? true,
    create_users: input.create_users ?? false,
  };
}

const logOf = (action: string, key: LogKey, row: { customer_id: number | null; issuer_url: string }) => ({
  action,
  key,
  params: { issuer: row.issuer_url },
  customerId: row.customer_id,
});

export async function createProvider(
  deps: Deps,
  actor: Actor,
  body: SsoProviderBody,
): Promise<Outcome<SsoProviderDto>> {
  assertCan(actor.user, 'manage');
  const input = normalise(body);
  if (!input.client_secret) throw invalid({ client_secret: ['validation.required'] });
  await checkedInput(deps, input, null);
  const { client_secret, domains, ...values } = input;
  const id = await repo.insertProvider(
    deps.db,
    { ...values, client_secret_encrypted: seal(deps.config.secretsKey, client_secret) },
    domains,
  );
  const row = (await repo.findProvider(deps.db, id))!;
  return outcome(dto(row), logOf('sso.create', 'sso.created', row));
}

export async function updateProvider(
  deps: Deps,
  actor: Actor,
  id: number,
  body: SsoProviderBody,
): Promise<Outcome<SsoProviderDto>> {
  assertCan(actor.user, 'manage');
  if (!(await repo.findProvider(deps.db, id))) throw notFound();
  const input = normalise(body);
  await checkedInput(deps, input, id);
  const { client_secret, domains, ...values } = input;
  await repo.updateProvider(
    deps.db,
    id,
    {
      ...values,
      ...(client_secret ? { client_secret_encrypted: seal(deps.config.secretsKey, client_secret) } : {}),
    },
    domains,
  );
  const row = (await repo.findProvider(deps.db, id))!;
  return outcome(dto(row), logOf('sso.update', 'sso.updated', row));
}

export async function deleteProvider(deps: Deps, actor: Actor, id: number): Promise<Outcome<SsoProviderDto>> {
  assertCan(actor.user, 'manage');
  const row = await repo.findProvider(deps.db, id);
  if (!row) throw notFound();
  await repo.deleteProvider(deps.db, id);
  return outcome(dto(row), logOf('sso.delete', 'sso.deleted', row));
}

/** False when the e-mail's domain signs in through a provider that switched passwords off. */
export async function passwordSignInAllowed(db: Db, email: string): Promise<boolean> {
  const provider = await repo.providerOfDomain(db, domainOf(email));
  return provider?.password_sign_in !== false;
}

/** The provider's sign-out page for a session opened through it (RP-initiated logout), if any. */
export async function providerSignOutUrl(deps: Deps, sessionId: number): Promise<string | undefined> {
  const found = await repo.sessionProvider(deps.db, sessionId);
  if (!found) return undefined;
  return endSessionUrlOf(relyingOf(deps, found.provider), found.id_token, `${deps.config.publicUrl}/login`);
}
