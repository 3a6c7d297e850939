import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers, ssoDomains, ssoLogins, ssoProviders, ssoSessions } from '../../db/schema/index.ts';

export type ProviderRow = typeof ssoProviders.$inferSelect;
export type ProviderWithDomains = ProviderRow & { domains: string[]; customer_name: string | null };

async function withDomains(db: Db, rows: Array<ProviderRow & { customer_name: string | null }>) {
  if (rows.length === 0) return [];
  const domains = await db
    .select()
    .from(ssoDomains)
    .where(
      inArray(
        ssoDomains.provider_id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ssoDomains.domain));
  return rows.map((row) => ({
    ...row,
    domains: domains.filter((d) => d.provider_id === row.id).map((d) => d.domain),
  }));
}

const selection = {
  id: ssoProviders.id,
  customer_id: ssoProviders.customer_id,
  issuer_url: ssoProviders.issuer_url,
  client_id: ssoProviders.client_id,
  client_secret_encrypted: ssoProviders.client_secret_encrypted,
  password_sign_in: ssoProviders.password_sign_in,
  create_users: ssoProviders.create_users,
  created_at: ssoProviders.created_at,
  updated_at: ssoProviders.updated_at,
  customer_name: customers.name,
};

export async function listProviders(db: Db): Promise<ProviderWithDomains[]> {
  const rows = await db
    .select(selection)
    .from(ssoProviders)
    .leftJoin(customers, eq(customers.id, ssoProviders.customer_id))
    .orderBy(asc(ssoProviders.id));
  return withDomains(db, rows);
}

export async function findProvider(db: Db, id: number): Promise<ProviderWithDomains | undefined> {
  const rows = await db
    .select(selection)
    .from(ssoProviders)
    .leftJoin(customers, eq(customers.id, ssoProviders.customer_id))
    .where(eq(ssoProviders.id, id));
  return (await withDomains(db, rows))[0];
}

/** The provider of an e-mail domain, or undefined. */
export async function providerOfDomain(db: Db, domain: string): Promise<ProviderRow | undefined> {
  const [row] = await db
    .select({ provider: ssoProviders })
    .from(ssoDomains)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoDomains.provider_id))
    .where(eq(ssoDomains.domain, domain));
  return row?.provider;
}

/** Domains of `domains` that another provider than `exceptId` already has. */
export async function domainsTaken(db: Db, domains: string[], exceptId: number | null): Promise<string[]> {
  if (domains.length === 0) return [];
  const rows = await db.select().from(ssoDomains).where(inArray(ssoDomains.domain, domains));
  return rows.filter((r) => r.provider_id !== exceptId).map((r) => r.domain);
}

type ProviderWrite = Omit<typeof ssoProviders.$inferInsert, 'id' | 'created_at' | 'updated_at'>;

export async function insertProvider(db: Db, values: ProviderWrite, domains: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(ssoProviders).values(values).returning({ id: ssoProviders.id });
    if (!row) throw new Error('provider insert returned nothing');
    await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, provider_id: row.id })));
    return row.id;
  });
}

export async function updateProvider(
  db: Db,
  id: number,
  values: Partial<ProviderWrite>,
  domains: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(ssoProviders)
      .set({ ...values, updated_at: new Date() })
      .where(eq(ssoProviders.id, id));
    await tx.delete(ssoDomains).where(eq(ssoDomains.provider_id, id));
    await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, provider_id: id })));
  });
}

export async function deleteProvider(db: Db, id: number): Promise<void> {
  await db.delete(ssoProviders).where(eq(ssoProviders.id, id));
}

export async function customerName(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: customers.name }).from(customers).where(eq(customers.id, id));
  return row?.name;
}

export async function createLogin(
  db: Db,
  values: { stateHash: string; providerId: number; codeVerifier: string; nonce: string; expiresAt: Date },
): Promise<void> {
  await db.insert(ssoLogins).values({
    state_hash: values.stateHash,
    provider_id: values.providerId,
    code_verifier: values.codeVerifier,
    nonce: values.nonce,
    expires_at: values.expiresAt,
  });
}

/** Spends a sign-in sent to a provider: its row, or undefined when unknown, expired or already used. */
export async function consumeLogin(db: Db, stateHash: string, at: Date) {
  const [row] = await db
    .update(ssoLogins)
    .set({ used_at: at })
    .where(and(eq(ssoLogins.state_hash, stateHash), isNull(ssoLogins.used_at), gt(ssoLogins.expires_at, at)))
    .returning();
  return row;
}

export async function rememberSession(db: Db, sessionId: number, providerId: number, idToken: string) {
  await db.insert(ssoSessions).values({ session_id: sessionId, provider_id: providerId, id_token: idToken });
}

export async function sessionProvider(db: Db, sessionId: number) {
  const [row] = await db
    .select({ provider: ssoProviders, id_token: ssoSessions.id_token })
    .from(ssoSessions)
    .innerJoin(ssoProviders, eq(ssoProviders.id, ssoSessions.provider_id))
    .where(eq(ssoSessions.session_id, sessionId));
  return row;
}

/** Every stored client secret (a provider without one has ''), for re-encryption at start. */
export async function storedClientSecrets(db: Db): Promise<Array<{ id: number; stored: string }>> {
  return db
    .select({ id: ssoProviders.id, stored: ssoProviders.client_secret_encrypted })
    .from(ssoProviders)
    .where(ne(ssoProviders.client_secret_encrypted, ''));
}

/** Replaces a stored client secret by its re-encrypted form, unless another process already did. */
export async function replaceClientSecret(db: Db, id: number, from: string, to: string): Promise<void> {
  await db
    .update(ssoProviders)
    .set({ client_secret_encrypted: to })
    .where(and(eq(ssoProviders.id, id), eq(ssoProviders.client_secret_encrypted, from)));
}
