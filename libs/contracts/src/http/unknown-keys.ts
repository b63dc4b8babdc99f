import type { z } from 'zod';

/** The parts of a zod schema's definition this walk reads (zod's core `_zod.def`). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
const unique = (keys: string[]) => [...new Set(keys)];
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Schemas that hold one other schema and read the value through it. */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/**
 * The fields of `value` that `schema` does not describe and would strip, as paths
 * (`documents[].pageText`, `analysis.extra`), array positions written `[]` and
 * record keys `*`, so the same field of many items is named once. What a strict parse would refuse, read
 * without changing how the schema parses. A field whose value is undefined is not
 * counted: JSON never carries it.
 */
export function unknownKeys(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = defOf(schema);
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (WRAPPERS.has(def.type)) return value == null ? [] : unknownKeys(def.innerType!, value, path);
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return [];
      // A catchall (passthrough, strict or typed) already decides about other keys.
      const open = def.catchall !== undefined;
      return Object.entries(value).flatMap(([key, field]) => {
        const fieldSchema = def.shape![key];
        if (fieldSchema) return unknownKeys(fieldSchema, field, at(key));
        return open || field === undefined ? [] : [at(key)];
      });
    }
    case 'array':
      return Array.isArray(value) ? unique(value.flatMap((item) => unknownKeys(def.element!, item, `${path}[]`))) : [];
    case 'tuple':
      return Array.isArray(value)
        ? unique(
            value.flatMap((item, i) => {
              const itemSchema = def.items![i] ?? def.rest;
              return itemSchema ? unknownKeys(itemSchema, item, `${path}[]`) : [];
            }),
          )
        : [];
    case 'record':
      return isRecord(value)
        ? unique(Object.values(value).flatMap((field) => unknownKeys(def.valueType!, field, at('*'))))
        : [];
    case 'union': {
      // Zod answers with the first option that parses; that one is the one to ask.
      const option = def.options!.find((candidate) => candidate.safeParse(value).success);
      return option ? unknownKeys(option, value, path) : [];
    }
    case 'intersection': {
      const right = new Set(unknownKeys(def.right!, value, path));
      return unknownKeys(def.left!, value, path).filter((key) => right.has(key));
    }
    case 'pipe': {
      // A preprocess hands its result on: the second schema reads that, not the value.
      if (defOf(def.in!).type === 'transform') {
        const handed = def.in!.safeParse(value);
        return handed.success ? unknownKeys(def.out!, handed.data, path) : [];
      }
      return unknownKeys(def.in!, value, path);
    }
    case 'lazy':
      return unknownKeys(def.getter!(), value, path);
    default:
      return [];
  }
}
