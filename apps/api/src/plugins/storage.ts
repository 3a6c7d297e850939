import fp from 'fastify-plugin';
import { localDiskStorage } from './disk-storage.ts';
import { s3Client, s3Storage } from './s3-storage.ts';
import type { Storage } from './stored-file.ts';
import { sweepOrphanFiles } from './storage-sweep.ts';

export * from './stored-file.ts';
export { localDiskStorage } from './disk-storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export const storagePlugin = fp(async (app) => {
  const { s3 } = app.config;
  let storage: Storage;
  if (s3) {
    const client = s3Client(s3);
    storage = s3Storage(s3, client);
    app.addHook('onClose', async () => client.destroy());
  } else storage = localDiskStorage(app.config.filesDir);
  app.decorate('storage', storage);
  // In the background: a large files folder (or bucket) must not delay the start.
  app.addHook('onReady', async () => {
    sweepOrphanFiles(app.db, storage)
      .then((removed) => removed && app.log.info(`removed ${removed} stored files no row points at`))
      .catch((err: unknown) => app.log.error({ err }, 'could not sweep orphan files'));
  });
});
