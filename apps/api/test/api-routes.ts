import type { FastifyInstance } from 'fastify';

/** Routes outside our code (OpenAPI pages), left out of the matrix and the fuzz test. */
const IGNORED_PREFIXES = ['/api/docs'];

/**
 * Every `METHOD /api/path` the running app answers, read from `printRoutes()` (the tree Fastify
 * prints), so a new route shows up here without anyone listing it. HEAD is left out: Fastify adds
 * it to every GET.
 */
export function apiRoutes(app: FastifyInstance): string[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!match[3] || !path.startsWith('/api') || IGNORED_PREFIXES.some((p) => path.startsWith(p))) continue;
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.add(`${method} ${path}`);
    }
  }
  return [...routes].sort();
}
