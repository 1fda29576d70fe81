import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API, API_BASE, ApiErrorBodySchema, apiPaths, parseWebSettings, UNMATCHED_ROUTE } from '@halo/shared';
import { parseExposition, sampleValue } from '@halo/shared/metrics';
import { freePort } from './testing/freePort.js';
import { startFakeUpstream, type FakeUpstream } from './testing/fakeUpstream.js';
import { startTestGateway, type TestGateway } from './testing/testGateway.js';

const INDEX_HTML =
  '<!doctype html><html><head><title>Halo</title></head><body><div id="root"></div><script src="/assets/app-1a2b3c.js"></script></body></html>';
/** The page as served: the installation's settings (none set) in a meta element in its head. */
const SERVED_HTML = INDEX_HTML.replace(
  '</head>',
  '  <meta name="halo-settings" content="{&quot;map_style_url&quot;:null}" />\n  </head>',
);

let upstream: FakeUpstream;
let webDist: string;
const gateways: TestGateway[] = [];

async function gatewayWith(...args: Partial<Parameters<typeof startTestGateway>>) {
  const [target = upstream, overrides = {}, options = { webDistDir: webDist }] = args;
  const started = await startTestGateway(target, overrides, options);
  gateways.push(started);
  return started;
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  webDist = mkdtempSync(join(tmpdir(), 'halo-gateway-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
  writeFileSync(join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("app");');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

afterEach(async () => {
  await Promise.all(gateways.splice(0).map((started) => started.close()));
});

afterAll(async () => {
  await upstream.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('the /api/v1 proxy', () => {
  it('passes the method, path, query, Authorization and body upstream, and the status and body back', async () => {
    const { url } = await gatewayWith();
    const response = await request(url)
      .post('/api/v1/echo/deep/path?status=201&x=1')
      .set('Authorization', 'Bearer abc123')
      .set('Content-Type', 'application/json')
      .send('{"name":"unit 7"}');
    expect(response.status).toBe(201);
    expect(response.body.method).toBe('POST');
    expect(response.body.url).toBe('/api/v1/echo/deep/path?status=201&x=1');
    expect(response.body.headers.authorization).toBe('Bearer abc123');
    expect(response.body.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(response.body.headers['x-forwarded-proto']).toBe('http');
    expect(response.body.headers['x-forwarded-host']).toBe(new URL(url).host);
    expect(response.body.body).toBe('{"name":"unit 7"}');
  });

  it('streams a large body through unchanged', async () => {
    const { url } = await gatewayWith();
    const body = 'x'.repeat(3 * 1024 * 1024);
    const response = await request(url).put('/api/v1/echo').set('Content-Type', 'text/plain').send(body);
    expect(response.status).toBe(200);
    expect(response.body.body.length).toBe(body.length);
  });

  it('replaces a forwarded-for header the client made up with the address it came from', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/api/v1/echo').set('X-Forwarded-For', '203.0.113.9');
    expect(response.body.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('drops a background-call marker a browser sends, which only the gateway may set', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/api/v1/echo').set('X-Halo-Background', '1');
    expect(response.body.headers['x-halo-background']).toBeUndefined();
  });

  it('keeps the connection to the browser alive', async () => {
    const { url } = await gatewayWith();
    const response = await fetch(`${url}/api/v1/echo`);
    expect(response.headers.get('connection')).toBe('keep-alive');
  });

  it("keeps the upstream's error status and body", async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/api/v1/auth/session').set('Authorization', 'Bearer nobody');
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'unauthorized', message: 'Authentication required' });
  });

  it('answers 502 in the error format when the upstream cannot be reached', async () => {
    const port = await freePort();
    const { url } = await gatewayWith({ apiBaseUrl: `http://127.0.0.1:${port}/api/v1` });
    const response = await request(url).post('/api/v1/auth/login').send({ username: 'admin' });
    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: 'serviceUnavailable', message: 'Service not available' });
  });

  it('answers 504 in the error format when the upstream does not answer in time', async () => {
    const { url } = await gatewayWith(upstream, { upstreamTimeoutMs: 300 });
    const response = await request(url).get('/api/v1/silent');
    expect(response.status).toBe(504);
    expect(response.body).toEqual({ error: 'serviceUnavailable', message: 'Service not available' });
  });

  it('answers /api paths outside v1 itself with 404 in the error format', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/api/v2/anything');
    expect(response.status).toBe(404);
    expect(ApiErrorBodySchema.parse(response.body).error).toBe('notFound');
    expect(upstream.requests).not.toContain('GET /api/v2/anything');
  });
});

describe('rate limits', () => {
  it('refuses auth calls over the limit with 429 in the error format, without touching the rest of the API', async () => {
    const { url } = await gatewayWith(upstream, { rateLimitAuthPerMinute: 3 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await request(url).get('/api/v1/auth/session')).status).toBe(401);
    }
    const refused = await request(url).post('/api/v1/auth/login').send({});
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'tooManyRequests', message: expect.any(String) });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await request(url).get('/api/v1/echo')).status).toBe(200);
  });

  it('limits the rest of the API on its own budget', async () => {
    const { url } = await gatewayWith(upstream, { rateLimitApiPerMinute: 2 });
    expect((await request(url).get('/api/v1/echo')).status).toBe(200);
    expect((await request(url).get('/api/v1/echo')).status).toBe(200);
    const refused = await request(url).get('/api/v1/echo');
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('tooManyRequests');
    expect((await request(url).get('/api/v1/auth/session')).status).toBe(401);
  });
});

describe('the web app', () => {
  it.each([
    '/',
    '/login',
    '/reset/some-token',
    '/config/users',
    '/admin/usage-monitoring',
    '/admin/usage-monitoring/12',
  ])('answers index.html with 200 for the route %s', async (path) => {
    const { url } = await gatewayWith();
    const response = await request(url).get(path);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toBe(SERVED_HTML);
  });

  it.each(['/no/such/page', '/reset', '/config/users/5/extra', '/admin/usage-monitoring/1/2'])(
    'answers index.html with 404 for the unknown path %s',
    async (path) => {
      const { url } = await gatewayWith();
      const response = await request(url).get(path);
      expect(response.status).toBe(404);
      expect(response.text).toBe(SERVED_HTML);
    },
  );

  it('serves hashed assets with a long cache and other files revalidated', async () => {
    const { url } = await gatewayWith();
    const asset = await request(url).get('/assets/app-1a2b3c.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await request(url).get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a 404 error, not the page', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/assets/gone-123.js');
    expect(response.status).toBe(404);
    expect(response.body.error).toBe('notFound');
  });

  it('tells the app where its map style is, escaped, on /index.html too', async () => {
    const style = 'https://tiles.example.test/style.json?key="><script>x</script>';
    const { url } = await gatewayWith(upstream, { mapStyleUrl: style });
    for (const path of ['/services/heatsight', '/index.html']) {
      const response = await request(url).get(path);
      expect(response.status).toBe(200);
      const content = /<meta name="halo-settings" content="([^"]*)" \/>/.exec(response.text)?.[1] ?? '';
      expect(content).not.toContain('<');
      const decoded = content
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&#39;', "'");
      expect(parseWebSettings(decoded)).toEqual({ map_style_url: style });
      expect(response.text).not.toContain('<script>x</script>');
    }
  });

  it('serves an operator’s raster MBTiles file as HeatSight’s basemap, its style on the page’s origin (issue 39, item 13)', async () => {
    const sample = fileURLToPath(new URL('../../deploy/basemap/sample.mbtiles', import.meta.url));
    const { url } = await gatewayWith(upstream, { basemapMbtiles: sample });
    const page = await request(url).get('/services/heatsight');
    const content = /<meta name="halo-settings" content="([^"]*)" \/>/.exec(page.text)?.[1] ?? '';
    const settings = parseWebSettings(content.replaceAll('&quot;', '"'), `${url}/services/heatsight`);
    expect(settings.map_style_url).toBe(`${url}/basemap/style.json`);
    const style = await request(url).get('/basemap/style.json').set('Host', 'noc.example:8080');
    expect(style.body).toMatchObject({
      version: 8,
      sources: {
        basemap: { type: 'raster', tiles: ['http://noc.example:8080/basemap/tiles/{z}/{x}/{y}'], maxzoom: 2 },
      },
      layers: [{ type: 'raster', source: 'basemap' }],
    });
    // XYZ addresses; the file's rows are TMS (flipped): every tile of zoom 1 is there.
    for (const [x, y] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]) {
      const tile = await request(url).get(`/basemap/tiles/1/${x}/${y}`).buffer(true);
      expect(tile.status).toBe(200);
      expect(tile.headers['content-type']).toBe('image/png');
      expect((tile.body as Buffer).subarray(1, 4).toString('ascii')).toBe('PNG');
    }
    expect((await request(url).get('/basemap/tiles/3/0/0')).status).toBe(404);
    for (const bad of [
      '/basemap/tiles/1/2/0',
      '/basemap/tiles/1/0/-1',
      '/basemap/tiles/x/0/0',
      '/basemap/tiles/40/0/0',
    ])
      expect((await request(url).get(bad)).status, bad).toBe(400);
  });

  it('refuses to start on a basemap file that is not raster MBTiles, saying why', async () => {
    const notTiles = join(webDist, 'not.mbtiles');
    writeFileSync(notTiles, 'plain text');
    await expect(gatewayWith(upstream, { basemapMbtiles: notTiles })).rejects.toThrow(/HALO_BASEMAP_MBTILES/);
    const vector = join(webDist, 'vector.mbtiles');
    copyFileSync(fileURLToPath(new URL('../../deploy/basemap/sample.mbtiles', import.meta.url)), vector);
    const db = new Database(vector);
    db.prepare("update metadata set value = 'pbf' where name = 'format'").run();
    db.close();
    await expect(gatewayWith(upstream, { basemapMbtiles: vector })).rejects.toThrow(
      /holds "pbf" tiles.*HALO_MAP_STYLE_URL/,
    );
    await expect(gatewayWith(upstream, { basemapMbtiles: join(webDist, 'absent.mbtiles') })).rejects.toThrow(
      /HALO_BASEMAP_MBTILES: cannot open/,
    );
  });

  it('says clearly when the web app is not built', async () => {
    const { url } = await gatewayWith(upstream, {}, { webDistDir: join(webDist, 'missing') });
    const response = await request(url).get('/login');
    expect(response.status).toBe(503);
    expect(response.text).toMatch(/web app is not built/);
  });

  it('answers other methods on page paths with 404 in the error format', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).post('/login');
    expect(response.status).toBe(404);
    expect(ApiErrorBodySchema.safeParse(response.body).success).toBe(true);
  });
});

describe('security headers', () => {
  it('sends a content security policy for the app, the live socket and inline style attributes', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/login');
    const policy = String(response.headers['content-security-policy']);
    const host = new URL(url).host;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain(`connect-src 'self' ws://${host} wss://${host}`);
    expect(policy).toContain("img-src 'self' data: blob:");
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it("allows the map style's origin to be fetched, and no other", async () => {
    const { url } = await gatewayWith(upstream, { mapStyleUrl: 'http://127.0.0.1:8600/styles/basic/style.json' });
    const policy = String((await request(url).get('/services/heatsight')).headers['content-security-policy']);
    expect(policy).toMatch(/connect-src [^;]*http:\/\/127\.0\.0\.1:8600/);
    expect(policy).toMatch(/img-src [^;]*http:\/\/127\.0\.0\.1:8600/);
    expect(policy).not.toContain('/styles/basic');
    const without = String(
      (await request(await gatewayWith().then((g) => g.url)).get('/login')).headers['content-security-policy'],
    );
    expect(without).not.toContain('8600');
  });

  it('keeps a forged Host header out of the policy', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/login').set('Host', "evil; script-src 'unsafe-inline'");
    expect(String(response.headers['content-security-policy'])).not.toContain("script-src 'unsafe-inline'");
  });

  it('sends them on proxied answers too, without x-powered-by', async () => {
    const { url } = await gatewayWith();
    const response = await request(url).get('/api/v1/echo');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('health and metrics', () => {
  it('answers /healthz and /readyz with the upstream state', async () => {
    const { url } = await gatewayWith();
    for (const path of ['/healthz', '/readyz']) {
      const response = await request(url).get(path);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: 'ok', upstream: 'ok' });
    }
  });

  it('reports the upstream as down while it cannot be reached', async () => {
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const { url } = await gatewayWith(
      { apiBaseUrl: `${origin}/api/v1`, healthUrl: `${origin}/healthz` },
      {
        upstreamProbeMs: 100,
      },
    );
    await expect.poll(async () => (await request(url).get('/healthz')).body.upstream, { timeout: 3000 }).toBe('down');
  });

  it('exposes counters in the Prometheus text format', async () => {
    const { url } = await gatewayWith();
    await request(url).get('/api/v1/echo');
    const response = await request(url).get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.text).toMatch(/^# TYPE halo_gateway_connected_sockets gauge$/m);
    expect(response.text).toMatch(/^halo_gateway_connected_sockets 0$/m);
    expect(response.text).toMatch(/^halo_gateway_upstream_requests_total\{source="proxy"\} 1$/m);
    expect(response.text).toMatch(/^# TYPE halo_gateway_session_checks_total counter$/m);
  });

  it('times each request by its declared route template, never by its raw URL', async () => {
    const { url } = await gatewayWith();
    await request(url).get(`${API_BASE}${apiPaths.devices.list(3)}?page=1`);
    await request(url).get(`${API_BASE}${apiPaths.devices.list(41)}`);
    await request(url).get('/healthz');
    await request(url).get(`${API_BASE}/no-such-call-${Math.random()}`);
    await request(url).get(`/nowhere-${Math.random()}`);
    const samples = parseExposition((await request(url).get('/metrics')).text);

    const count = (route: string) =>
      sampleValue(samples, 'halo_gateway_http_request_duration_seconds_count', { method: 'GET', route });
    expect(count(`${API_BASE}${API.devices.list.path}`)).toBe(2);
    expect(count('/healthz')).toBe(1);
    // Undeclared paths share the one label, whatever they are.
    expect(count(UNMATCHED_ROUTE)).toBe(2);
    expect([...routeLabels(samples)].sort()).toEqual(
      [`${API_BASE}${API.devices.list.path}`, '/healthz', UNMATCHED_ROUTE].sort(),
    );
    expect(sampleValue(samples, 'halo_gateway_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });
});

function routeLabels(samples: ReturnType<typeof parseExposition>): Set<string> {
  return new Set(
    samples
      .filter((sample) => sample.name === 'halo_gateway_http_request_duration_seconds_count')
      .map((sample) => sample.labels.route as string),
  );
}
