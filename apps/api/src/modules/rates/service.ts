/**
 * The rates module's public surface for other modules (its repositories stay private). Its
 * services live by concern in `service/`: rates and their Excel files, pricing configuration
 * (minimum rates, payable grids), holidays.
 */
export { customerRatesFrom, pricingTerms, type PricingTerms } from './service/pricing-terms.ts';
