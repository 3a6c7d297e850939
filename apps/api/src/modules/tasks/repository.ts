/** The tasks module's SQL, one file per concern; the module's other files import it from here. */
export * from './repository/tasks.ts';
export * from './repository/list.ts';
export * from './repository/detail.ts';
export * from './repository/staff.ts';
export * from './repository/delivery.ts';
export * from './repository/analysis.ts';
export * from './repository/pricing.ts';
export * from './repository/guest.ts';
export * from './repository/invoicing.ts';
export * from './repository/reference-files.ts';
export * from './repository/list-page.ts';
