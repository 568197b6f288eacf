import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { type ZodType, z } from "zod";

// Responses are written by fast-json-stringify from a JSON Schema made once per route, when the
// route is registered, from the route's zod response schema: the shapes stay declared once (in
// domain/), while a request pays for writing its JSON and not for checking it against zod
// first. Like zod, the writer emits only the declared fields, so nothing a service adds by
// mistake leaks; unlike zod it does not check types on the way out: the services' DTO types
// (inferred from the same schemas) are what keeps the data right.

type JsonSchema = { [keyword: string]: unknown };

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value a option of a union fixes `key` to (zod writes a literal as a one-value enum). */
function constantOf(option: unknown, key: string): unknown {
  if (!isSchema(option) || !isSchema(option.properties)) return undefined;
  const property = option.properties[key];
  if (!isSchema(property)) return undefined;
  if ("const" in property) return property.const;
  return Array.isArray(property.enum) && property.enum.length === 1 ? property.enum[0] : undefined;
}

/** The property every option of a union fixes to its own value, if there is one. */
function discriminatorOf(options: unknown[]): string | undefined {
  const [first] = options;
  if (!isSchema(first) || !isSchema(first.properties)) return undefined;
  return Object.keys(first.properties).find((key) => {
    const values = options.map((option) => constantOf(option, key));
    return values.every((value) => value !== undefined) && new Set(values).size === values.length;
  });
}

/**
 * The schema with every discriminated union (a oneOf/anyOf of objects told apart by one
 * property's value) turned into if/then/else on that property: for oneOf and anyOf,
 * fast-json-stringify validates the whole value against each option to pick one, whereas the
 * `if` only looks at the one property.
 */
function withDiscriminatedUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withDiscriminatedUnions);
  if (!isSchema(schema)) return schema;
  const copy = Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => [keyword, withDiscriminatedUnions(value)]),
  );
  const { oneOf, anyOf, ...rest } = copy;
  const options = oneOf ?? anyOf;
  if (!Array.isArray(options)) return copy;
  const key = discriminatorOf(options);
  if (key === undefined) return copy;
  // The last option needs no test: a value that is none of the others is written as it.
  const chain = options.slice(0, -1).reduceRight(
    (otherwise: unknown, option: unknown) => ({
      if: {
        type: "object",
        properties: { [key]: { const: constantOf(option, key) } },
        required: [key],
      },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise.
      then: option,
      else: otherwise,
    }),
    options.at(-1),
  );
  return { ...rest, ...(chain as JsonSchema) };
}

/** The JSON Schema fast-json-stringify writes a response of `schema` with. */
export function responseJsonSchema(schema: ZodType): JsonSchema {
  // OpenAPI 3.0's `nullable: true` (rather than anyOf with null) is what fast-json-stringify
  // writes without validating.
  const jsonSchema = z.toJSONSchema(schema, { target: "openapi-3.0", io: "output" });
  return withDiscriminatedUnions(jsonSchema) as JsonSchema;
}

export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = ({ schema }) =>
  fastJson(responseJsonSchema(schema));
