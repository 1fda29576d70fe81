import { Validator } from '@seriousme/openapi-schema-validator';
import { API_BASE, COLLECTION_CAPS, ENDPOINTS, openApiDocument, routeKeyOf } from '@halo/shared';
import type { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { createProviderApp, PROVIDER_ROUTES } from '../app.js';
import { startTestProvider } from '../testing/testProvider.js';

interface Layer {
  readonly route?: { readonly path: string; readonly methods: Record<string, boolean> };
  readonly handle?: { readonly stack?: readonly Layer[] };
}

/** Every route Express actually has, as `METHOD /path/{param}` (the contract's spelling). */
function registeredRoutes(router: Router): string[] {
  const found: string[] = [];
  const walk = (stack: readonly Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const path = layer.route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
        for (const [method, on] of Object.entries(layer.route.methods))
          if (on) found.push(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((router as unknown as { stack: Layer[] }).stack);
  return found;
}

/** The parts of an operation these tests read. */
interface Operation {
  readonly 'x-halo-capability'?: string | readonly string[];
  readonly 'x-halo-bound'?: string;
  readonly 'x-halo-cap'?: number;
  readonly security?: unknown;
  readonly parameters?: readonly { readonly name: string }[];
  readonly requestBody?: {
    readonly content: Record<
      string,
      { readonly schema: { readonly properties: Record<string, { readonly required?: string[] }> } }
    >;
  };
  readonly responses: Record<string, { readonly description: string; readonly content?: Record<string, unknown> }>;
}

const operation = (document: ReturnType<typeof openApiDocument>, path: string, method: string) =>
  document.paths[path]?.[method] as Operation;

const documentedRoutes = (document: ReturnType<typeof openApiDocument>) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );

describe('the OpenAPI document', () => {
  it('names exactly the routes the provider registers: none missing, none that does not exist', async () => {
    const test = await startTestProvider('sqlite');
    try {
      const app = createProviderApp(test.provider.context);
      const registered = registeredRoutes(app.router as unknown as Router).filter(
        // Operational routes outside /api/v1 (health and Prometheus), not part of the API.
        (route) => !route.endsWith(' /healthz') && !route.endsWith(' /readyz') && !route.endsWith(' /metrics'),
      );
      const documented = documentedRoutes(openApiDocument('test'));
      expect(registered.sort()).toEqual(documented.sort());
      expect(PROVIDER_ROUTES.map((route) => routeKeyOf(route.endpoint)).sort()).toEqual(
        ENDPOINTS.map(routeKeyOf).sort(),
      );
    } finally {
      await test.stop();
    }
  });

  it('would notice a route the contract lacks and an endpoint nobody serves', () => {
    const [first, ...rest] = ENDPOINTS;
    const documented = documentedRoutes(openApiDocument('test', rest));
    expect(documented).not.toContain(routeKeyOf(first!));
    expect(documented).toHaveLength(ENDPOINTS.length - 1);
  });

  it('is a valid OpenAPI 3.1 document, by a maintained validator', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      openApiDocument('1.0.0') as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes bodies, answers, permissions and errors from the declarations', () => {
    const document = openApiDocument('1.0.0');
    expect(document.servers).toEqual([{ url: API_BASE }]);
    const create = operation(document, '/config/{environmentId}/users', 'post');
    expect(create['x-halo-capability']).toBe('users.add');
    // A call that needs several capabilities names every one of them.
    const acknowledge = operation(document, '/config/{environmentId}/alarms/acknowledge', 'post');
    expect(acknowledge['x-halo-capability']).toEqual(['alarms.view', 'alarms.acknowledge']);
    expect(acknowledge.responses['403']!.description).toContain('needs alarms.view and alarms.acknowledge');
    // How each collection stays bounded, as declared.
    expect(operation(document, '/config/{environmentId}/system_logs', 'get')['x-halo-bound']).toBe('paged');
    expect(operation(document, '/config/{environmentId}/devices', 'get')['x-halo-bound']).toBe('streamed');
    expect(operation(document, '/config/{environmentId}/heatsight/samples', 'get')['x-halo-bound']).toBe('capped');
    const users = operation(document, '/config/{environmentId}/users', 'get');
    expect([users['x-halo-bound'], users['x-halo-cap']]).toEqual(['capped', COLLECTION_CAPS.users]);
    expect(create.responses['400']!.description).toContain('180:');
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404']));
    expect(create.responses['400']!.description).toContain('30: User with given username already exists');
    expect(create.requestBody!.content['application/json']!.schema.properties.user!.required).toEqual(
      expect.arrayContaining(['username', 'password', 'email']),
    );
    const login = operation(document, '/auth/login', 'post');
    expect(login.security).toEqual([]);
    const download = operation(document, '/config/{environmentId}/vpn_certificates', 'post');
    expect(Object.keys(download.responses['200']!.content!)).toEqual(['application/x-openvpn-profile']);
    const state = operation(document, '/config/{environmentId}/devices/devices_state', 'get');
    expect(state.parameters!.map((parameter) => parameter.name)).toEqual([
      'environmentId',
      'devices',
      'state',
      'cursor',
      'format',
    ]);
    // The product's own parameter is marked as an extension of the spec.
    const format = state.parameters!.find((parameter) => parameter.name === 'format') as { schema?: object };
    expect(format.schema).toMatchObject({ 'x-halo-extension': true });
  });
});
