import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holidayRoutes } from './routes/holidays.ts';
import { pricingConfigRoutes } from './routes/pricing-config.ts';
import { rateExcelRoutes } from './routes/rates-excel.ts';
import { rateListRoutes } from './routes/rates.ts';

/**
 * Rates (general and per customer, spec part 2 §7), their Excel import/export, minimum rates,
 * payable grids and holidays. Reads that concern one customer check ownership in the service
 * (a client asking for another customer's gets 404).
 */
export const rateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rateListRoutes);
  await app.register(rateExcelRoutes);
  await app.register(pricingConfigRoutes);
  await app.register(holidayRoutes);
};
