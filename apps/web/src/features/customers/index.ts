// The customers feature's public API: other features and src/app import only this file.
export { useCountries, useCustomer, useCustomerOptions } from './api/customers.ts';
