// The customers feature's public API: other features and src/app import only this file.
export { useCountries } from './api/get-countries.ts';
export { useCustomer } from './api/get-customer.ts';
export { useCustomerOptions } from './api/get-customer-options.ts';
