import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import {
  dataReply,
  idParam,
  memoryCountSchema,
  memoryDeletedReply,
  memoryImportReply,
  memoryPairParams,
  memoryPairSchema,
} from '@verba/contracts';
import { AppError } from '../../lib/app-error.ts';
import { contentDisposition } from '../../lib/http.ts';
import { actorOf, logged } from '../../lib/service.ts';
import { FileTooLargeError } from '../../plugins/storage.ts';
import * as service from './service.ts';

/** A file name as shown back: no folders, no control characters, at most 255 characters. */
const cleanName = (name: string) =>
  [...(name.split(/[\\/]/).pop() ?? '')]
    .filter((c) => c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .slice(0, 255) || 'memory.tmx';

/**
 * Reads a TMX import's multipart body: its fields, and the file streamed to storage (never held
 * in memory; up to MAX_TMX_MB). The service parses it from there and removes it.
 */
async function receiveTmx(app: FastifyInstance, request: FastifyRequest): Promise<service.ReceivedTmx> {
  const fields: Record<string, string> = {};
  let stored: service.ReceivedTmx['stored'];
  if (!request.isMultipart()) return { fields, stored };
  try {
    for await (const part of request.parts({ limits: { files: 1, fileSize: app.config.maxTmxBytes } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const file = part as MultipartFile;
      if (file.fieldname !== 'file') {
        file.file.resume();
        continue;
      }
      const saved = await app.storage.save('tm-imports', file.file, app.config.maxTmxBytes);
      stored = { key: saved.key, size: saved.size, name: cleanName(file.filename) };
      if (file.file.truncated) throw new FileTooLargeError(app.config.maxTmxBytes);
    }
  } catch (err) {
    if (stored) await app.storage.remove(stored.key);
    if (err instanceof FileTooLargeError) throw new AppError(413, 'errors.body_too_large');
    throw err;
  }
  return { fields, stored };
}

/** Translation memories per customer and language pair. */
export const memoryRoutes: FastifyPluginAsyncZod = async (app) => {
  let stopListening: (() => Promise<void>) | undefined;
  app.addHook('onClose', async () => {
    await stopListening?.();
  });
  // An embedded-database import a crash cut short leaves units behind: removed before serving.
  app.addHook('onReady', async () => {
    const removed = await service.sweepUnfinishedFeeds(app.db);
    if (removed) app.log.warn({ removed }, 'removed translation-memory imports a crash left unfinished');
    // Once per database: units imported before ADR 0028 read as imports now read them.
    const rewritten = await service.readOldSourcesAgain(app.db);
    if (rewritten) app.log.info({ rewritten }, 'translation-memory sources read again without their markup');
    // After the sources are read again: a snapshot is of the sources as they are read now.
    if (await service.keepIndexSnapshots(app, app.config.analysis.snapshots)) {
      // In the background: it only frees the disk, and may ask the database about many pairs.
      const sweep = () =>
        void service.sweepIndexSnapshots(app).then(
          (removed) => {
            if (removed)
              app.log.info({ removed }, 'translation-memory index snapshots of changed pairs removed');
          },
          (err: unknown) => app.log.warn({ err }, 'translation-memory index snapshots could not be swept'),
        );
      sweep();
      // Pairs deleted while the listening connection was down were not heard of: swept once it is back.
      let missed = false;
      stopListening = await app.database.listen(service.PAIR_DELETED_CHANNEL, {
        notify: (pair) => app.analysis.forgetSnapshots(pair),
        lost: () => (missed = true),
        ready: () => {
          if (missed) sweep();
          missed = false;
        },
      });
    }
    if (app.config.analysis.prepareAtStart) {
      const pairs = await service.prepareRecentPairs(app, app.config.analysis);
      if (pairs.length) app.log.info({ pairs }, 'translation memories read ahead of their first quote');
    }
  });

  app.get(
    '/customers/:id/memories',
    {
      schema: {
        tags: ['memories'],
        summary: "A customer's translation memory per language pair",
        params: idParam,
        response: { 200: dataReply(z.array(memoryPairSchema)) },
      },
      config: { access: 'memories:manage' },
    },
    async (request) => ({ data: await service.listMemories(app, actorOf(request), request.params.id) }),
  );

  app.post(
    '/customers/:id/memories',
    {
      schema: {
        tags: ['memories'],
        summary: 'Imports a TMX file (multipart: source_language, target_language, file)',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: dataReply(memoryImportReply) },
      },
      config: { access: 'memories:manage', action: 'memories.import' },
    },
    async (request, reply) => {
      const upload = await receiveTmx(app, request);
      const data = logged(request, await service.importTmx(app, actorOf(request), request.params.id, upload));
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/customers/:id/memories/:source/:target/export',
    {
      schema: {
        tags: ['memories'],
        summary: 'A language pair of the memory as TMX 1.4',
        params: memoryPairParams,
      },
      config: { access: 'memories:manage', binary: true },
    },
    async (request, reply) => {
      const { id, source, target } = request.params;
      const file = logged(request, await service.exportPair(app, actorOf(request), id, source, target));
      reply
        .header('content-type', 'application/x-tmx+xml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.file_name));
      return reply.send(file.stream);
    },
  );

  app.delete(
    '/customers/:id/memories/:source/:target',
    {
      schema: {
        tags: ['memories'],
        summary: 'Deletes a language pair of the memory',
        params: memoryPairParams,
        response: { 200: dataReply(memoryDeletedReply) },
      },
      config: { access: 'memories:manage', action: 'memories.delete' },
    },
    async (request) => {
      const { id, source, target } = request.params;
      return { data: logged(request, await service.deletePair(app, actorOf(request), id, source, target)) };
    },
  );

  app.get(
    '/company/memories',
    {
      schema: {
        tags: ['memories'],
        summary: "Which pairs the client's company has a memory for (counts only)",
        response: { 200: dataReply(z.array(memoryCountSchema)) },
      },
      config: { access: 'memories:view-own' },
    },
    async (request) => ({ data: await service.companyMemories(app, actorOf(request)) }),
  );
};
