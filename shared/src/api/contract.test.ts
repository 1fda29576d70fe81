import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API, ENDPOINTS, endpointOf } from './contract.js';
import {
  CONFIG_PREFIX,
  defineEndpoint,
  expressPathOf,
  pathOf,
  pathParameterNames,
  routeKeyOf,
  type EndpointSpec,
} from './endpoint.js';
import { API_BASE, apiPaths } from './paths.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Product code and the tests' shared helpers; specs themselves may spell hostile paths on purpose. */
const PRODUCT_SOURCES = ['gateway/src', 'provider/src', 'web/src', 'tests/fixtures', 'tests/bench'];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // A .suite.ts is a test's body that several test files run (one per dialect, say): a test too.
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(test|spec|suite)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The first fixed segment of every path the contract declares (`/users`, `/auth`, `/config` ...). */
function contractPrefixes(): Set<string> {
  const prefixes = new Set<string>(['/config']);
  for (const endpoint of ENDPOINTS) {
    const rest = endpoint.path.startsWith(CONFIG_PREFIX) ? endpoint.path.slice(CONFIG_PREFIX.length) : endpoint.path;
    prefixes.add(`/${rest.split('/')[1]}`);
  }
  return prefixes;
}

/** Every string a file spells: literals and the fixed parts of template literals, with their line. */
function stringsOf(path: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({ text: node.text, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A zod schema's definition, as zod 4 keeps it. */
type Definition = { readonly type: string } & Readonly<Record<string, unknown>>;
const definitionOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Definition } })._zod.def;

/** Whether an answer's schema holds a collection anywhere in it: an array, a tuple, a set, a record or a map. */
function holdsCollection(schema: z.ZodType, seen = new Set<z.ZodType>()): boolean {
  if (seen.has(schema)) return false;
  seen.add(schema);
  const definition = definitionOf(schema);
  const inner = (key: string) => holdsCollection(definition[key] as z.ZodType, seen);
  switch (definition.type) {
    case 'array':
    case 'tuple':
    case 'set':
    case 'record':
    case 'map':
      return true;
    case 'object':
      return Object.values(definition.shape as Record<string, z.ZodType>).some((field) => holdsCollection(field, seen));
    case 'union':
      return (definition.options as z.ZodType[]).some((option) => holdsCollection(option, seen));
    case 'intersection':
      return inner('left') || inner('right');
    case 'pipe':
      return inner('in') || inner('out');
    case 'lazy':
      return holdsCollection((definition.getter as () => z.ZodType)(), seen);
    default:
      // optional, nullable, default, readonly, catch ... wrap one schema.
      return definition.innerType !== undefined && inner('innerType');
  }
}

/** The endpoints whose answer is a collection (or holds one) or a file, and that declare no bound. */
const collectionsWithoutBound = (endpoints: readonly EndpointSpec[]) =>
  endpoints
    .filter((endpoint) => endpoint.kind === 'download' || (endpoint.answer && holdsCollection(endpoint.answer)))
    .filter((endpoint) => endpoint.bound === undefined)
    .map(routeKeyOf);

/**
 * Answers that still hold a whole set in one piece (bound 'unbounded'): each one a debt until it
 * is paged, capped or streamed. The list is exact, so a new one is a decision made here.
 */
const UNBOUNDED: readonly string[] = [];

describe('how each answer stays bounded', () => {
  it('is declared by every endpoint whose answer holds a collection or is a file', () => {
    expect(collectionsWithoutBound(ENDPOINTS)).toEqual([]);
  });

  it('finds a planted collection without a bound, however deep the array sits', () => {
    const planted = [
      defineEndpoint({
        method: 'GET',
        path: '/config/{environmentId}/planted',
        summary: 'A list that forgot its bound',
        tag: 'Planted',
        access: 'user',
        answer: z.object({ page: z.object({ rows: z.array(z.number()).optional() }).nullable() }),
      }),
      defineEndpoint({
        method: 'GET',
        path: '/config/{environmentId}/planted/export',
        summary: 'A file that forgot its bound',
        tag: 'Planted',
        access: 'user',
        kind: 'download',
      }),
      defineEndpoint({
        method: 'GET',
        path: '/config/{environmentId}/planted/one',
        summary: 'One thing, no collection',
        tag: 'Planted',
        access: 'user',
        answer: z.object({ id: z.number(), name: z.string().nullable() }),
      }),
    ];
    expect(collectionsWithoutBound(planted)).toEqual([
      'GET /config/{environmentId}/planted',
      'GET /config/{environmentId}/planted/export',
    ]);
  });

  it('gives a cap only to capped lists, and every capped list of what people create its cap', () => {
    const capped = ENDPOINTS.filter((endpoint) => endpoint.cap !== undefined);
    expect(capped.filter((endpoint) => endpoint.bound !== 'capped').map(routeKeyOf)).toEqual([]);
    expect(capped.map(routeKeyOf).sort()).toEqual(
      [
        'GET /config/{environmentId}/admin/versions_definition',
        'GET /config/{environmentId}/alarm_silences',
        'GET /config/{environmentId}/alarm_webhooks',
        'GET /config/{environmentId}/application_rules',
        'GET /config/{environmentId}/apps/openvpn/profiles',
        'GET /config/{environmentId}/groups',
        'GET /config/{environmentId}/saved_views',
        'GET /config/{environmentId}/users',
        'GET /config/{environmentId}/wall_displays',
      ].sort(),
    );
  });

  it('leaves a whole set in one piece only where the list of debts says so', () => {
    const unbounded = ENDPOINTS.filter((endpoint) => endpoint.bound === 'unbounded').map(routeKeyOf);
    expect([...unbounded].sort()).toEqual([...UNBOUNDED].sort());
  });
});

describe('the API contract', () => {
  it('declares each route once, with a summary, a tag and a known access level', () => {
    const keys = ENDPOINTS.map(routeKeyOf);
    expect(new Set(keys).size).toBe(keys.length);
    for (const endpoint of ENDPOINTS) {
      expect(endpoint.summary.length, routeKeyOf(endpoint)).toBeGreaterThan(5);
      expect(endpoint.tag.length, routeKeyOf(endpoint)).toBeGreaterThan(0);
      expect(endpoint.path.startsWith('/'), routeKeyOf(endpoint)).toBe(true);
      // A download answers a file, everything else a JSON answer it declares.
      if (endpoint.kind === 'download') expect(endpoint.answer, routeKeyOf(endpoint)).toBeUndefined();
      else expect(endpoint.answer, routeKeyOf(endpoint)).toBeDefined();
    }
  });

  it('finds an endpoint by its route key and fills its template, encoding each value', () => {
    expect(endpointOf('DELETE /config/{environmentId}/users/{id}')).toBe(API.users.remove);
    expect(endpointOf('GET /nothing')).toBeUndefined();
    expect(pathOf(API.users.update, { environmentId: 3, id: 7 })).toBe('/config/3/users/7');
    expect(pathOf(API.auth.checkToken, { token: 'a/../b?c' })).toBe('/auth/check_token/a%2F..%2Fb%3Fc');
    expect(() => pathOf(API.users.update, { environmentId: 3 } as never)).toThrow(/missing path parameter id/);
    expect(expressPathOf(API.users.update)).toBe('/config/:environmentId/users/:id');
    expect(pathParameterNames(API.environments.deactivateTwoFactor.path)).toEqual(['environmentId', 'id']);
    expect(apiPaths.users.item(3, 7)).toBe(pathOf(API.users.update, { environmentId: 3, id: 7 }));
  });

  // Reads every product source file: seconds on a busy machine.
  it('is the only place an API path is spelled: product code names endpoints, never paths', { timeout: 20_000 }, () => {
    const prefixes = [...contractPrefixes()];
    const spelled = new RegExp(
      `^(${prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(/|\\?|$)`,
    );
    const offenders: string[] = [];
    for (const directory of PRODUCT_SOURCES) {
      for (const file of sourceFiles(join(ROOT, directory))) {
        for (const { text, line } of stringsOf(file)) {
          if (text.includes(`${API_BASE}/`) || text === API_BASE || spelled.test(text)) {
            offenders.push(`${relative(ROOT, file)}:${line} ${JSON.stringify(text)}`);
          }
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
