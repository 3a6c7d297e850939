import { index, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './organisation.ts';

/** One-time recovery codes of a user's second factor; only their SHA-256 is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.user_id)],
);

/** The second step of a sign-in whose password was right: single use, short-lived. */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: serial('id').primaryKey(),
    token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('two_factor_challenges_user_idx').on(t.user_id)],
);
