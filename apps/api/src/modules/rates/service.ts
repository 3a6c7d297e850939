/**
 * The rates module's public surface for other modules (its repositories stay private). Its
 * services live by concern in `service/`: rates and their Excel files, pricing configuration
 * (minimum rates, payable grids), holidays.
 */
export { effectiveRate, effectiveRatesFrom, generalRate } from './repository/rates.ts';
export {
  generalMinimumRateFor,
  globalGrid,
  minimumRateFor,
  payableGridFor,
} from './repository/pricing-config.ts';
