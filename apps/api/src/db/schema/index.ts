export * from './reference.ts';
export * from './organisation.ts';
export * from './rates.ts';
export * from './tasks.ts';
