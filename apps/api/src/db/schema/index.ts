export * from './reference.ts';
export * from './organisation.ts';
export * from './rates.ts';
export * from './invoices.ts';
export * from './tasks.ts';
export * from './guest-quotes.ts';
export * from './glossaries.ts';
export * from './memories.ts';
