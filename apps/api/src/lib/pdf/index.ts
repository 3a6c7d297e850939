export * from './document.ts';
export * from './fields.ts';
export * from './frame.ts';
export * from './money.ts';
export * from './table.ts';
