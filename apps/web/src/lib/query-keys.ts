/**
 * The first element of the query keys of an area. Each call builds its whole key in its own file
 * (`getXQueryOptions`, ADR 0029); a change that touches a whole area invalidates the area's root.
 */
export const QUERY_ROOTS = {
  customers: ['customers'],
  departments: ['departments'],
  glossaries: ['glossaries'],
  holidays: ['holidays'],
  invoices: ['invoices'],
  languages: ['languages'],
  messages: ['messages'],
  payableGrid: ['payable-grid'],
  rates: ['rates'],
  tasks: ['tasks'],
  translationTypes: ['translation-types'],
  users: ['users'],
} as const;
