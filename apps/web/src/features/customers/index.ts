// The customers feature's public API: other features and src/app import only this file.
export { useCustomer, useCustomerOptions } from './api/customers.ts';
