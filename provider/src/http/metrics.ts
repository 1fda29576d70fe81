import type { RequestHandler } from 'express';
import { MetricsRegistry } from '@halo/shared/metrics';

const PROVIDER_PREFIX = 'halo_provider_';

/** The provider's own routes beside /api/v1, named as they are in latency labels. */
const PROVIDER_OWN_ROUTES = ['/healthz', '/readyz', '/metrics'];

/**
 * The provider's Prometheus metrics, served at `/metrics` on its own port (not under /api/v1,
 * so the gateway's proxy never reaches them): per-route latency (`halo_provider_http_request_duration_seconds`
 * by declared route template), the event loop's delay and the process's memory and CPU.
 */
export function createProviderMetrics() {
  const registry = new MetricsRegistry();
  registry.processMetrics(PROVIDER_PREFIX);
  const httpRequests: RequestHandler = registry.httpRequests(PROVIDER_PREFIX, PROVIDER_OWN_ROUTES);
  const serve: RequestHandler = async (_request, response) => {
    const { text, contentType } = await registry.render();
    response.setHeader('Cache-Control', 'no-store');
    response.type(contentType).send(text);
  };
  return { registry, httpRequests, serve };
}
