import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers, sessions } from './organisation.ts';

/**
 * An OpenID Connect identity provider: a customer's (for its users) or, without a customer, the
 * staff's. The client secret is kept encrypted (lib/secret-box.ts, ADR 0032).
 */
export const ssoProviders = pgTable(
  'sso_providers',
  {
    id: serial('id').primaryKey(),
    customer_id: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    issuer_url: text('issuer_url').notNull(),
    client_id: varchar('client_id', { length: 255 }).notNull(),
    client_secret_encrypted: text('client_secret_encrypted').notNull(),
    /** False: the provider's domains may not sign in with a password. */
    password_sign_in: boolean('password_sign_in').notNull().default(true),
    /** A customer's provider may create its users (CLIENT_USER, no department) at their first sign-in. */
    create_users: boolean('create_users').notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('sso_providers_customer_idx').on(t.customer_id)],
);

/** The e-mail domains (lower case) that sign in through a provider: each domain one provider. */
export const ssoDomains = pgTable('sso_domains', {
  domain: varchar('domain', { length: 255 }).primaryKey(),
  provider_id: integer('provider_id')
    .notNull()
    .references(() => ssoProviders.id, { onDelete: 'cascade' }),
});

/** A sign-in sent to the identity provider: its `state`, PKCE verifier and nonce, used once. */
export const ssoLogins = pgTable('sso_logins', {
  id: serial('id').primaryKey(),
  state_hash: varchar('state_hash', { length: 64 }).notNull().unique(),
  provider_id: integer('provider_id')
    .notNull()
    .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  code_verifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  used_at: timestamp('used_at', { withTimezone: true }),
  created_at: createdAt(),
});

/** A portal session opened through a provider: what RP-initiated logout needs at sign-out. */
export const ssoSessions = pgTable('sso_sessions', {
  session_id: integer('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  provider_id: integer('provider_id')
    .notNull()
    .references(() => ssoProviders.id, { onDelete: 'cascade' }),
  id_token: text('id_token').notNull(),
});
