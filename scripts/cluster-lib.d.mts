// Types of cluster-lib.mjs, for the TypeScript bench that drives it.
export const root: string;
export class ClusterError extends Error {}
export function ensureBuilt(rebuild?: boolean): string;
export function ensureDatabase(databaseUrl: string, options?: { fresh?: boolean }): Promise<void>;

export interface ClusterServer {
  readonly index: number;
  readonly port: number;
  readonly pid: number | undefined;
  readonly alive: boolean;
  start(options?: { demo?: boolean }): Promise<void>;
  /** Sends the signal; resolves with the exit code (or signal) once the process has exited. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export interface Cluster {
  url: string;
  servers: ClusterServer[];
  haproxyPid: number | undefined;
  describe: string;
  stop(): Promise<void>;
}

export function startCluster(options: {
  size?: number;
  port?: number;
  firstServerPort?: number;
  databaseUrl: string;
  work: string;
  storage?: 's3' | 'disk';
  env?: Record<string, string>;
  log?: 'inherit' | 'ignore' | number;
}): Promise<Cluster>;
