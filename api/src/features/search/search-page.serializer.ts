import { searchPageSchema } from '@mp/api-contract/search.schema';
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Writes a search page as JSON with fast-json-stringify, compiled once from the contract's own schema
 * (`searchPageSchema` as JSON Schema): Fastify's standard way to serialise a declared response. The generic zod
 * serialiser checked the page against the schema (an encode that copies it) and then ran JSON.stringify, about
 * 0.1 ms per search; this writes the same bytes (an integration test compares them over the bench's query mix)
 * in about half that. What it leaves out is the check of our own mapping's output: the ES hits are still
 * validated on the way in (`toSearchResult`), and the page is typed by the same schema.
 */
export const serializeSearchPage: (page: z.output<typeof searchPageSchema>) => string = fastJson(
  z.toJSONSchema(searchPageSchema, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJson>[0],
);

/** POST /search/v3's serialiser compiler: the page as above, error answers as on every other route. */
export const searchPageSerializerCompiler: FastifySerializerCompiler<unknown> = (route) =>
  route.httpStatus === '200'
    ? (serializeSearchPage as (data: unknown) => string)
    : serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
