import fastJson from 'fast-json-stringify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * `anyOf` of constants of one type (zod's `z.union([z.literal(0), z.literal(1)])`) as an `enum`: fast-json-stringify
 * would otherwise pick a branch at run time with a validator for every value, which is the slow path it exists to avoid.
 */
function simplify(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplify);
  if (!schema || typeof schema !== 'object') return schema;
  const node = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, simplify(value)])) as JsonSchema;
  const branches = node.anyOf;
  if (
    Array.isArray(branches) &&
    branches.length > 0 &&
    branches.every((b: JsonSchema) => 'const' in b && typeof b.const === typeof branches[0].const)
  ) {
    const kind = typeof (branches[0] as JsonSchema).const;
    if (kind === 'number' || kind === 'string' || kind === 'boolean') {
      const { anyOf: _dropped, ...rest } = node;
      const type = kind === 'number' && branches.every((b: JsonSchema) => Number.isInteger(b.const)) ? 'integer' : kind;
      return { ...rest, type, enum: branches.map((b: JsonSchema) => b.const) };
    }
  }
  return node;
}

/**
 * A response schema compiled once into a serialiser (fast-json-stringify), instead of encoding each answer with zod
 * and then stringifying it: the same JSON, without walking the answer twice. Only for schemas JSON Schema can state
 * exactly; anything it cannot (transforms, dates) throws here, at compile time.
 */
export function compileResponseSerializer(schema: z.ZodType): (data: unknown) => string {
  const json = simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' })) as JsonSchema;
  delete json.$schema;
  return fastJson(json) as (data: unknown) => string;
}

/**
 * Route option for the hot answers (the polls, the inbox, who am I): their responses serialised by compiled code.
 * A schema that cannot be compiled keeps the zod serialiser, so nothing changes but the speed. Compiled with the
 * route's first answer, not at every start (a node that never serves the route never pays for it).
 */
export function compiledSerializerCompiler<S>(route: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => (serialize ??= compileOrFallback(route))(data);
}

function compileOrFallback<S>(route: FastifyRouteSchemaDef<S>): (data: unknown) => string {
  try {
    return compileResponseSerializer(route.schema as z.ZodType);
  } catch {
    return zodSerializerCompiler(route as unknown as Parameters<typeof zodSerializerCompiler>[0]);
  }
}
