import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * The replies' serialiser: each route's zod response schema, turned into JSON Schema
 * (`z.toJSONSchema`, output side) and compiled by fast-json-stringify, as Fastify does for JSON
 * Schema routes. The zod type provider's own serialiser parses every reply with zod and then calls
 * JSON.stringify, which cost more than the queries of a list page (`npm run bench:api`).
 *
 * What the wire carries stays what zod wrote:
 * - a schema JSON Schema cannot express (transforms, dates as Date, recursion, unions other than
 *   "X or null") keeps the zod serialiser;
 * - "X or null" becomes `type: [X, 'null']` (fast-json-stringify checks the type, no validator);
 * - the codecs of contracts (`timestamp`: a Date or ISO string; `decimalString`: a string or number)
 *   are strings, which fast-json-stringify writes the same way (`toISOString()`, `String(n)`);
 * - a value fast-json-stringify refuses (a required field missing, a type it cannot coerce) is
 *   written by the zod serialiser instead, which answers as before (a 500 for a reply that breaks its
 *   contract).
 *
 * What it no longer does is check every reply against its schema (an enum value outside the list,
 * an integer with decimals): that check is kept where it is cheap to run: with
 * `VERBA_CHECK_SERIALIZER=1` (the API tests) every reply is written both ways and a difference
 * throws.
 */
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type JsonSchema = Record<string, unknown>;

const checking = () => process.env.VERBA_CHECK_SERIALIZER === '1';

/** "X or null" as a type list; any other union (or a construct without a plain type) is refused. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (!node || typeof node !== 'object') return node;
  const schema = node as JsonSchema;
  if ('$ref' in schema || 'allOf' in schema || 'oneOf' in schema || 'not' in schema || 'if' in schema)
    throw new Error('not expressible');
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    const nulls = branches.filter((b) => b.type === 'null');
    const rest = branches.filter((b) => b.type !== 'null');
    const only = rest[0];
    if (rest.length !== 1 || nulls.length !== 1 || !only || typeof only.type !== 'string' || 'anyOf' in only)
      throw new Error('not expressible');
    const { anyOf: _anyOf, ...siblings } = schema;
    const inner = simplify(only) as JsonSchema;
    return { ...siblings, ...inner, type: [inner.type, 'null'] };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    // Constraints that only validate: fast-json-stringify needs none of them.
    if (key === 'pattern' || key === 'format' || key === 'propertyNames' || key === '$schema') continue;
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simplify(v)]))
        : simplify(value);
  }
  return out;
}

/** The fast-json-stringify function for a zod schema, or null when it must stay with zod. */
export function compileFast(schema: unknown): ((data: unknown) => string) | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    const json = simplify(
      z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', reused: 'inline' }),
    );
    return fastJson(json as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

export const serializerCompiler = (route: RouteSchema) => {
  const viaZod = zodSerializerCompiler(route);
  const fast = compileFast(route.schema);
  if (!fast) return viaZod;
  return (data: unknown) => {
    if (checking()) {
      const expected = viaZod(data);
      const written = fast(data);
      // The same JSON; keys may come in another order (fast-json-stringify follows the schema's).
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(
          `The fast serialiser of ${route.method} ${route.url} wrote ${written.slice(0, 2000)} where zod wrote ${expected.slice(0, 2000)}`,
        );
      }
      return written;
    }
    try {
      return fast(data);
    } catch {
      return viaZod(data);
    }
  };
};
