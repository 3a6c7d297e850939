import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataReply,
  holidayBody,
  holidayDeletedDto,
  holidayDto,
  holidayParams,
  holidaysQuery,
} from '@verba/contracts';
import { logged } from '../../../lib/service.ts';
import * as service from '../service/holidays.ts';

const tags = ['rates'];

/** Holidays: not business days for due dates. */
export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/holidays',
    {
      schema: {
        tags,
        summary: 'Holidays (not business days for due dates)',
        querystring: holidaysQuery,
        response: { 200: dataReply(z.array(holidayDto)) },
      },
      config: { access: 'tasks:days-to-add' },
    },
    async (request) => ({ data: await service.listHolidays(app, request.query) }),
  );

  app.post(
    '/holidays',
    {
      schema: { tags, summary: 'Add a holiday', body: holidayBody, response: { 201: dataReply(holidayDto) } },
      config: { access: 'settings:manage', action: 'holidays.create' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: logged(request, await service.addHoliday(app, request.body)) }),
  );

  app.delete(
    '/holidays/:date/:region',
    {
      schema: {
        tags,
        summary: 'Delete a holiday',
        params: holidayParams,
        response: { 200: dataReply(holidayDeletedDto) },
      },
      config: { access: 'settings:manage', action: 'holidays.delete' },
    },
    async (request) => ({
      data: logged(request, await service.removeHoliday(app, request.params.date, request.params.region)),
    }),
  );
};
