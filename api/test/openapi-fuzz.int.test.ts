import { randomUUID } from 'node:crypto';
import { Client } from '@elastic/elasticsearch';
import { ensureSearchIndex } from '@mp/indexer/search-index';
import type { BankIdSimulator } from '@mp/scripts/bankid-simulator/simulator';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAuthTestApp, startTestSimulator } from '@mp/test-support/auth-test-app';
import { createSessionToken, createUser } from '@mp/test-support/factories';
import { dropSearchIndices } from '@mp/test-support/search-index';

// Issue 13: thousands of malformed requests generated from the OpenAPI document, to every operation: wrong
// types, huge and nasty strings, control characters, broken JSON, odd content types and bad tokens. None may
// answer 5xx, and every error must have the one shape { errorMessage, code }.

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  format?: string;
  minimum?: number;
  const?: unknown;
};
type Operation = {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema?: Schema }[];
  body: Schema | null;
};

const alias = `it-fuzz-${randomUUID().slice(0, 8)}`;
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? 'http://127.0.0.1:9200' });
let simulator: BankIdSimulator;
let app: FastifyInstance;
const operations: Operation[] = [];
let validToken = '';

beforeAll(async () => {
  await ensureSearchIndex(es, alias);
  simulator = await startTestSimulator(100);
  app = await buildAuthTestApp(simulator, { SEARCH_INDEX_ALIAS: alias });
  const user = await createUser(app.db, app.config, { verified: true });
  validToken = await createSessionToken(app, user.id);
  const document = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { parameters?: Operation['parameters']; requestBody?: unknown }>>;
  };
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const body = operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: body?.content?.['application/json']?.schema ?? null,
      });
    }
  }
});

afterAll(async () => {
  await app?.close();
  await simulator?.close();
  await dropSearchIndices(es, alias);
  await es.close();
});

/** A plausible value for a schema (the base each mutation starts from). */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return sample(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        result[name] = sample(property, depth + 1);
      }
      return result;
    }
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'email') return 'fuzz@example.se';
      if (schema.format === 'date') return '2030-01-01';
      return 'text';
  }
}

const NASTY_STRINGS = [
  '',
  ' ',
  'a'.repeat(100_000),
  'nul\u0000byte',
  'esc\u001b[31m',
  'line\r\nBcc: x@example.se',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '\ud800',
  '💥🇸🇪',
  '%00%ff',
  '{{7*7}}${7*7}',
  '1e309',
  '-1',
];
const WRONG_VALUES: unknown[] = [null, 0, -1, 1e308, 3.5, true, [], {}, [[[[]]]], { __proto: 1 }, 'x'];
const PATH_VALUES = [
  '%00',
  '%',
  '%E0%A4%A',
  'a'.repeat(400),
  '..%2F..',
  '%0D%0A',
  '-1',
  '💥',
  'null',
  randomUUID(),
];
const TOKENS: (string | undefined)[] = [
  undefined,
  'garbage',
  'Bearer ',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4IiwianRpIjoieCJ9.',
  'x'.repeat(5000),
];

/** Malformed bodies for one JSON schema: each property given wrong types and nasty strings, and whole-body breakage. */
function malformedBodies(schema: Schema): unknown[] {
  const base = sample(schema);
  const bodies: unknown[] = [base, ...WRONG_VALUES, ...NASTY_STRINGS];
  if (base && typeof base === 'object' && !Array.isArray(base)) {
    for (const name of Object.keys(base)) {
      for (const value of [...WRONG_VALUES, ...NASTY_STRINGS]) bodies.push({ ...base, [name]: value });
      bodies.push({ ...base, [name]: Array.from({ length: 2000 }, () => 'x') });
      const { [name]: _dropped, ...rest } = base as Record<string, unknown>;
      bodies.push(rest);
    }
    bodies.push({ ...base, unexpected: 'x', constructor: { prototype: 1 } });
  }
  return bodies;
}

/** Raw payloads with their content types: broken JSON and types no route takes. */
const RAW_PAYLOADS: { payload: string; contentType: string }[] = [
  { payload: '{"a":', contentType: 'application/json' },
  { payload: '', contentType: 'application/json' },
  { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
  { payload: '['.repeat(5000), contentType: 'application/json' },
  { payload: '"\\ud800"', contentType: 'application/json' },
  { payload: '{"a":1}', contentType: 'application/json; charset=utf-16' },
  { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  { payload: '<a>1</a>', contentType: 'application/xml' },
  { payload: 'plain', contentType: 'text/plain' },
  { payload: '--x\r\n', contentType: 'multipart/form-data' },
  { payload: '{"a":1}', contentType: 'application/vnd.evil+json' },
];

function fillPath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value);
}

function requestsFor(operation: Operation): InjectOptions[] {
  const requests: InjectOptions[] = [];
  const hasPathParams = operation.path.includes('{');
  const validPath = fillPath(operation.path, randomUUID());
  const method = operation.method as InjectOptions['method'];
  for (const token of [...TOKENS, validToken]) {
    const headers: Record<string, string> = token === undefined ? {} : { authorization: token };
    if (hasPathParams) {
      for (const value of PATH_VALUES)
        requests.push({ method, url: fillPath(operation.path, value), headers });
    }
    requests.push({ method, url: validPath, headers: { ...headers, 'accept-language': 'en' } });
  }
  const auth = { authorization: validToken };
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    // Nasty strings percent-encoded (a lone surrogate cannot be: its invalid UTF-8 goes raw), path values as is.
    const encoded = NASTY_STRINGS.slice(0, 12).map((value) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return '%ED%A0%80';
      }
    });
    for (const value of [...encoded, ...PATH_VALUES]) {
      requests.push({ method, url: `${validPath}?${parameter.name}=${value}`, headers: auth });
    }
  }
  if (operation.body) {
    for (const body of malformedBodies(operation.body)) {
      requests.push({
        method,
        url: validPath,
        headers: { ...auth, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    }
  }
  if (!['GET', 'HEAD', 'DELETE'].includes(operation.method) || operation.body) {
    for (const raw of RAW_PAYLOADS) {
      requests.push({
        method,
        url: validPath,
        headers: { ...auth, 'content-type': raw.contentType },
        payload: raw.payload,
      });
    }
  }
  return requests;
}

describe('OpenAPI fuzz', () => {
  it('answers at least 5,000 malformed requests to every operation without a 5xx, in the one error shape', async () => {
    const requests = operations.flatMap((operation) =>
      requestsFor(operation).map((request) => ({ operation, request })),
    );
    expect(operations.length).toBeGreaterThan(40);
    expect(requests.length).toBeGreaterThanOrEqual(5000);

    const failures: string[] = [];
    const queue = [...requests];
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const response = await app.inject({ ...next.request, remoteAddress: '10.99.0.1' });
        const where = `${next.operation.method} ${next.operation.path} (${String(next.request.url).slice(0, 80)})`;
        if (response.statusCode >= 500) {
          failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
        } else if (response.statusCode >= 400) {
          const body = (() => {
            try {
              return JSON.parse(response.body) as Record<string, unknown>;
            } catch {
              return null;
            }
          })();
          const keys = body ? Object.keys(body).filter((k) => k !== 'data') : [];
          if (!body || keys.join() !== 'errorMessage,code' || typeof body.errorMessage !== 'string') {
            failures.push(`shape ${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
          }
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: 8 }, worker));
    console.log(
      `fuzz: ${requests.length} requests to ${operations.length} operations in ${Math.round(performance.now() - started)} ms`,
    );
    expect(failures.slice(0, 30), `${failures.length} of ${requests.length} requests failed`).toEqual([]);
  }, 240_000);
});
