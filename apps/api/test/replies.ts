import type { FastifyInstance } from 'fastify';

interface Operation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/**
 * The routes of this OpenAPI tag whose success answer declares no JSON shape in the OpenAPI
 * document (so they send what they like): `METHOD path` each, for a test to expect none.
 */
export function routesWithoutReplySchema(
  app: FastifyInstance,
  tag: string,
): { checked: number; missing: string[] } {
  const paths = (app.swagger() as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  const missing: string[] = [];
  let checked = 0;
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.tags?.includes(tag)) continue;
      checked++;
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => status.startsWith('2'));
      if (!success.some(([, reply]) => reply.content?.['application/json']))
        missing.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return { checked, missing };
}
