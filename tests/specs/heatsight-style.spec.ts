import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { TestId } from '@halo/shared';
import type { Locator } from '@playwright/test';
import { PNG } from 'pngjs';
import { recordOutboundRequests } from '../fixtures/heatMap';
import { loginThroughUi } from '../fixtures/session';
import { freePort, startStack, type Stack } from '../fixtures/stack';
import { expect, test } from '../fixtures/test';

/**
 * HALO_MAP_STYLE_URL: HeatSight draws a MapLibre style served on this machine (another origin
 * than the console, as a local tile server would be) under the heat, the console's security
 * policy lets the page fetch it, and nothing else leaves the machine. A style that cannot be
 * loaded leaves the built-in world in place, with a warning.
 */
const STYLE_BACKGROUND: [number, number, number] = [74, 20, 140];
const STYLE_LAND: [number, number, number] = [250, 200, 40];
const rgb = ([red, green, blue]: [number, number, number]) => `rgb(${red}, ${green}, ${blue})`;

/** A style with no tiles or fonts to fetch: a background, and land as one inline polygon. */
const STYLE = {
  version: 8,
  name: 'e2e local style',
  sources: {
    land: {
      type: 'geojson',
      data: {
        type: 'Feature',
        properties: {},
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [-10, 35],
              [40, 35],
              [40, 60],
              [-10, 60],
              [-10, 35],
            ],
          ],
        },
      },
    },
  },
  layers: [
    { id: 'background', type: 'background', paint: { 'background-color': rgb(STYLE_BACKGROUND) } },
    { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': rgb(STYLE_LAND) } },
  ],
};

let styleServer: Server;
const styleRequests: string[] = [];

test.beforeAll(async () => {
  styleServer = createServer((request, response) => {
    styleRequests.push(request.url ?? '');
    if (request.url === '/styles/e2e/style.json') {
      response.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(STYLE));
    } else response.writeHead(404).end();
  }).listen(0, '127.0.0.1');
  await once(styleServer, 'listening');
});

test.afterAll(() => {
  styleServer.close();
});

/** Pixels of the map within a few levels of `color`. */
async function pixelsOf(map: Locator, color: [number, number, number]): Promise<number> {
  const image = PNG.sync.read(await map.screenshot({ animations: 'disabled' }));
  let count = 0;
  for (let offset = 0; offset < image.data.length; offset += 4) {
    const near = color.every((value, channel) => Math.abs((image.data[offset + channel] ?? 0) - value) <= 6);
    if (near) count += 1;
  }
  return count;
}

async function withStack(basemap: Record<string, string>, work: (stack: Stack) => Promise<void>) {
  const stack = await startStack({ HALO_E2E_STACK: 'heatsight-style', HALO_SIM_DEVICES: '200', ...basemap });
  try {
    await work(stack);
  } finally {
    await stack.stop();
  }
}

test('a local MapLibre style is drawn under the heat, and nothing leaves the machine', async ({ browser, snap }) => {
  const styleUrl = `http://127.0.0.1:${(styleServer.address() as AddressInfo).port}/styles/e2e/style.json`;
  await withStack({ HALO_MAP_STYLE_URL: styleUrl }, async (stack) => {
    const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1400, height: 860 } });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    const outbound = await recordOutboundRequests(page);
    await loginThroughUi(page, 'admin', stack.adminPassword);
    await page.goto('/services/heatsight?lon=15&lat=48&zoom=3');
    const map = page.getByTestId(TestId.heatSight.map);
    await expect(map).toHaveAttribute('data-heat-drawn', /.+/, { timeout: 60_000 });
    // The style's background and its land polygon, drawn by MapLibre under deck.gl's canvas.
    await expect.poll(() => pixelsOf(map, STYLE_BACKGROUND), { timeout: 30_000 }).toBeGreaterThan(10_000);
    await expect.poll(() => pixelsOf(map, STYLE_LAND), { timeout: 30_000 }).toBeGreaterThan(10_000);
    expect(styleRequests).toContain('/styles/e2e/style.json');
    await expect(page.getByTestId(TestId.heatSight.styleFailed)).toHaveCount(0);
    expect(refused).toEqual([]);
    expect(outbound).toEqual([]);
    await snap('heatsight-map-style', page);
    await context.close();
  });
});

test('a style that cannot be loaded leaves the built-in world, with a warning', async ({ browser, snap }) => {
  const styleUrl = `http://127.0.0.1:${await freePort()}/styles/gone/style.json`;
  await withStack({ HALO_MAP_STYLE_URL: styleUrl }, async (stack) => {
    const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1400, height: 860 } });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('lang', 'he-IL'));
    await loginThroughUi(page, 'admin', stack.adminPassword);
    await page.goto('/services/heatsight?lon=15&lat=48&zoom=3');
    await expect(page.getByTestId(TestId.heatSight.styleFailed)).toContainText('מפת העולם המובנית', {
      timeout: 30_000,
    });
    const map = page.getByTestId(TestId.heatSight.map);
    await expect(map).toHaveAttribute('data-heat-drawn', /.+/, { timeout: 60_000 });
    // The built-in world's land (light theme): the countries layer is back.
    await expect.poll(() => pixelsOf(map, [229, 232, 235]), { timeout: 30_000 }).toBeGreaterThan(10_000);
    await snap('heatsight-map-style-failed-he-IL', page);
    await context.close();
  });
});

/** The sample MBTiles file's zoom-2 tiles: one flat colour (deploy/basemap/make-sample-mbtiles.mjs). */
const SAMPLE_ZOOM_2: [number, number, number] = [240, 226, 200];

test('an operator’s MBTiles file is served by the console itself and drawn under the heat (issue 39, item 13)', async ({
  browser,
  snap,
}) => {
  const sample = fileURLToPath(new URL('../../deploy/basemap/sample.mbtiles', import.meta.url));
  await withStack({ HALO_BASEMAP_MBTILES: sample }, async (stack) => {
    for (const look of [
      { language: 'en-US', theme: 'light' },
      { language: 'he-IL', theme: 'dark' },
    ]) {
      const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1400, height: 860 } });
      const page = await context.newPage();
      await page.addInitScript(({ language, theme }) => {
        window.localStorage.setItem('lang', language);
        window.localStorage.setItem('theme', theme);
      }, look);
      const refused: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const tiles: string[] = [];
      page.on('requestfinished', (request) => {
        if (request.url().includes('/basemap/tiles/')) tiles.push(new URL(request.url()).pathname);
      });
      const outbound = await recordOutboundRequests(page);
      await loginThroughUi(page, 'admin', stack.adminPassword);
      await page.goto('/services/heatsight?lon=15&lat=48&zoom=2');
      const map = page.getByTestId(TestId.heatSight.map);
      await expect(map).toHaveAttribute('data-heat-drawn', /.+/, { timeout: 60_000 });
      await expect.poll(() => pixelsOf(map, SAMPLE_ZOOM_2), { timeout: 30_000 }).toBeGreaterThan(10_000);
      expect(tiles.some((path) => /^\/basemap\/tiles\/2\/\d\/\d$/.test(path))).toBe(true);
      await expect(page.getByTestId(TestId.heatSight.styleFailed)).toHaveCount(0);
      expect(refused).toEqual([]);
      expect(outbound).toEqual([]);
      await snap(`heatsight-mbtiles-${look.language}-${look.theme}`, page);
      await context.close();
    }
  });
});
