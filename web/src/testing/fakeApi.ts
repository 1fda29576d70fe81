import { API_BASE, type EndpointSpec } from '@halo/shared';
import { vi } from 'vitest';
import type { z } from 'zod';

/** What a faked call was asked: its path values and query. */
export interface FakeRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: unknown;
}

/** A JSON endpoint's answer as the contract types it (what its schema accepts). */
type AnswerOf<Spec extends EndpointSpec> = Spec['answer'] extends z.ZodType ? z.input<Spec['answer']> : never;

/** One faked endpoint: its answer, or a Response of the test's own (an error, a file). */
export interface FakeRoute {
  readonly endpoint: EndpointSpec;
  readonly reply: (request: FakeRequest) => unknown;
}

/** A JSON endpoint answering as its schema says (a function of the request, or always the same). */
export function answer<Spec extends EndpointSpec>(
  endpoint: Spec,
  reply: AnswerOf<Spec> | ((request: FakeRequest) => AnswerOf<Spec> | Response),
): FakeRoute {
  return {
    endpoint,
    reply: (request) => (typeof reply === 'function' ? (reply as (r: FakeRequest) => unknown)(request) : reply),
  };
}

/** An endpoint refusing with the spec's error body. */
export function refuse(
  endpoint: EndpointSpec,
  status: number,
  body: { error: string | number; message: string; fields?: object },
): FakeRoute {
  return { endpoint, reply: () => jsonAnswer(status, body) };
}

/** A download endpoint answering with a CSV file. */
export function file(endpoint: EndpointSpec, fileName: string, text: string): FakeRoute {
  return {
    endpoint,
    reply: () =>
      new Response(text, {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${fileName}"` },
      }),
  };
}

const jsonAnswer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const pattern = (path: string) =>
  new RegExp(`^${API_BASE}${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);

/**
 * The typed API client's network faked at fetch: each call is matched to the first route of
 * the contract's endpoint (method and path template) and answered as the route says; any other
 * call fails the test's expectations with a 404. `calls` records what was asked, in order.
 */
export function fakeApi(routes: readonly FakeRoute[]) {
  const calls: { readonly endpoint: EndpointSpec | null; readonly path: string; readonly query: URLSearchParams }[] =
    [];
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://console.test',
    );
    const method = init?.method ?? 'GET';
    for (const route of routes) {
      if (route.endpoint.method !== method) continue;
      const match = pattern(route.endpoint.path).exec(url.pathname);
      if (!match) continue;
      calls.push({ endpoint: route.endpoint, path: url.pathname, query: url.searchParams });
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const reply = route.reply({ params: { ...match.groups }, query: url.searchParams, body });
      return Promise.resolve(reply instanceof Response ? reply : jsonAnswer(200, reply));
    }
    calls.push({ endpoint: null, path: url.pathname, query: url.searchParams });
    return Promise.resolve(jsonAnswer(404, { error: 'notFound', message: `no fake for ${method} ${url.pathname}` }));
  });
  return { fetch: fetchMock, calls };
}
