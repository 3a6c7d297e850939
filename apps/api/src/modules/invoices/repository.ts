/** The invoices module's SQL; the module's other files import it from here. */
export * from './repository/issue.ts';
export * from './repository/read.ts';
