import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from './excel.ts';
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
  // Only this plugin accepts uploads: one file of at most 5 MB.
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });

  await app.register(rateListRoutes);
  await app.register(rateExcelRoutes);
  await app.register(pricingConfigRoutes);
  await app.register(holidayRoutes);
};
