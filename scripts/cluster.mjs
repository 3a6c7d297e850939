// `npm run cluster`: CLUSTER_SIZE compiled API servers (default 2) on one PostgreSQL database behind
// HAProxy (Debian's package), which sends requests only to servers whose /api/health/ready says 200.
// Files go to s3rver (S3 over HTTP, data/cluster/s3), or with CLUSTER_STORAGE=disk to one folder the
// servers share. Ctrl+C stops everything: the servers with SIGTERM, so they drain as in production.
import path from 'node:path';
import { ClusterError, ensureDatabase, root, startCluster } from './cluster-lib.mjs';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/verba_cluster';
const port = Number(process.env.CLUSTER_PORT ?? 8080);

try {
  // The default database is made on first use; a DATABASE_URL given must exist already.
  if (!process.env.DATABASE_URL) await ensureDatabase(databaseUrl);
  const cluster = await startCluster({
    size: Number(process.env.CLUSTER_SIZE ?? 2),
    port,
    firstServerPort: Number(process.env.CLUSTER_SERVER_PORT ?? 3101),
    databaseUrl,
    work: path.join(root, 'data', 'cluster'),
    storage: process.env.CLUSTER_STORAGE === 'disk' ? 'disk' : 's3',
  });
  console.log(`Verba cluster: http://localhost:${port} (${cluster.describe}). Ctrl+C stops it.`);
  const stop = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (err) {
  if (!(err instanceof ClusterError)) throw err;
  console.error(`npm run cluster: ${err.message}`);
  process.exit(1);
}
