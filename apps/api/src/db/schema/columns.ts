import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** Euros with 2 decimals; read back as exact decimal strings, never floats. */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2 });
/** Per-word prices with 4 decimals. */
export const wordPrice = (name: string) => numeric(name, { precision: 12, scale: 4 });
export const percent = (name: string) => numeric(name, { precision: 6, scale: 2 });
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
