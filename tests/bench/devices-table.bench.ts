import { apiPaths, API_BASE, TestId } from '@halo/shared';
import { expect, test, type Page } from '@playwright/test';
import { loginThroughUi } from '../fixtures/session';
import { startStack } from '../fixtures/stack';

/**
 * The Devices table with a large simulated fleet in Chromium: time to first rows, frame
 * times while scrolling and while live deltas arrive, main-thread busy time, and heap size.
 * It prints figures; it asserts nothing about speed.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const CHANGE_FRACTION = process.env.BENCH_CHANGE_FRACTION ?? '0.01';
const SCROLL_MS = Number(process.env.BENCH_SCROLL_MS ?? 8000);
const DELTA_WINDOW_MS = Number(process.env.BENCH_DELTA_MS ?? 15_000);
const LIVE_TIMEOUT_MS = Number(process.env.BENCH_LIVE_TIMEOUT_MS ?? 180_000);

const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : 'n/a');

declare global {
  interface Window {
    __frames?: number[];
    __framesRunning?: boolean;
  }
}

/** Records the interval between animation frames until stopped. */
async function startFrames(page: Page) {
  await page.evaluate(() => {
    window.__frames = [];
    window.__framesRunning = true;
    let last = performance.now();
    const tick = (now: number) => {
      window.__frames?.push(now - last);
      last = now;
      if (window.__framesRunning) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

async function stopFrames(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    window.__framesRunning = false;
    return window.__frames ?? [];
  });
}

async function waitForFleet(baseURL: string, password: string, devices: number) {
  const login = await fetch(`${baseURL}${API_BASE}${apiPaths.auth.login}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password, environment_name: 'root' }),
  });
  const session = (await login.json()) as {
    token: { access_token: string; token_type: string };
    environment_id: number;
  };
  const headers = { Authorization: `${session.token.token_type} ${session.token.access_token}` };
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const answer = await fetch(`${baseURL}${API_BASE}${apiPaths.devices.list(session.environment_id)}`, { headers });
    const body = (await answer.json()) as { devices?: unknown[] };
    const count = body.devices?.length ?? 0;
    if (count >= devices) return;
    if (Date.now() > deadline) throw new Error(`only ${count} of ${devices} devices after 10 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

test('devices table: first rows, scrolling and live deltas with a large fleet', async ({ browser }) => {
  test.setTimeout(20 * 60_000);
  const seedStarted = Date.now();
  const stack = await startStack({
    HALO_E2E_STACK: 'bench-devices-table',
    HALO_SIM_DEVICES: String(DEVICES),
    HALO_SIM_CHANGE_FRACTION: CHANGE_FRACTION,
    // A 100,000-device snapshot is tens of MB: above the gateway's default 8 MB per-socket buffer.
    HALO_SOCKET_BUFFER_BYTES: String(512 * 1024 * 1024),
    // The first full poll of a fleet this size takes longer than the default 5 s time-out here.
    HALO_POLL_TIMEOUT_MS: process.env.BENCH_POLL_TIMEOUT_MS ?? '120000',
  });
  try {
    await waitForFleet(stack.baseURL, stack.adminPassword, DEVICES);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1600, height: 900 } });
    const page = await context.newPage();
    await loginThroughUi(page, 'admin', stack.adminPassword);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');

    // Time to first rows: from the menu click to the first name cell on screen.
    const opened = Date.now();
    await page.getByTestId(TestId.shell.menuItem('devices')).click();
    await expect(page.locator('[data-testid^="devices-cell-name-"]').first()).toBeVisible({ timeout: 5 * 60_000 });
    const firstRowsMs = Date.now() - opened;
    await expect(page.getByTestId(TestId.devices.visibleCount)).toContainText(`of ${DEVICES} devices`, {
      timeout: 60_000,
    });
    const allRowsMs = Date.now() - opened;
    // The gateway's first snapshot of a very large fleet can take long: wait, but report rather than fail.
    const liveMs = await expect(page.getByTestId(TestId.devices.liveState))
      .toHaveAttribute('data-state', 'live', { timeout: LIVE_TIMEOUT_MS })
      .then(() => Date.now() - opened)
      .catch(() => Number.NaN);

    // Frames while scrolling: wheel steps through the table for SCROLL_MS.
    const table = page.getByTestId(TestId.crud.table('devices'));
    const box = await table.boundingBox();
    if (!box) throw new Error('no table on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await startFrames(page);
    const scrollEnd = Date.now() + SCROLL_MS;
    let step = 0;
    while (Date.now() < scrollEnd) {
      // Mostly down, with a long jump now and then, as a user skimming would.
      await page.mouse.wheel(0, step % 20 === 19 ? 40_000 : 600);
      step += 1;
      await page.waitForTimeout(16);
    }
    const scrollFrames = await stopFrames(page);

    // Frames while deltas arrive, nobody touching anything.
    const before = (await cdp.send('Performance.getMetrics')).metrics;
    await startFrames(page);
    await page.waitForTimeout(DELTA_WINDOW_MS);
    const deltaFrames = await stopFrames(page);
    const after = (await cdp.send('Performance.getMetrics')).metrics;
    const metric = (list: typeof before, name: string) => list.find((entry) => entry.name === name)?.value ?? 0;
    const scriptSeconds = metric(after, 'ScriptDuration') - metric(before, 'ScriptDuration');
    const taskSeconds = metric(after, 'TaskDuration') - metric(before, 'TaskDuration');

    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };

    const rows = [
      ['devices', String(DEVICES)],
      ['simulated change fraction per tick', CHANGE_FRACTION],
      ['stack start + fleet seeded', `${seedSeconds.toFixed(1)} s`],
      ['time to first rows (menu click → first row)', `${firstRowsMs} ms`],
      ['time to the full list', `${allRowsMs} ms`],
      [
        'time to live (snapshot applied)',
        Number.isNaN(liveMs) ? `not live within ${LIVE_TIMEOUT_MS / 1000} s` : `${liveMs} ms`,
      ],
      [`scrolling: frames`, String(scrollFrames.length)],
      ['scrolling: frame time median', ms(percentile(scrollFrames, 50))],
      ['scrolling: frame time p95', ms(percentile(scrollFrames, 95))],
      [`deltas: frames over ${DELTA_WINDOW_MS / 1000} s`, String(deltaFrames.length)],
      ['deltas: frame time median', ms(percentile(deltaFrames, 50))],
      ['deltas: frame time p95', ms(percentile(deltaFrames, 95))],
      ['deltas: main-thread script time per second', ms((scriptSeconds * 1000) / (DELTA_WINDOW_MS / 1000))],
      ['deltas: main-thread task time per second', ms((taskSeconds * 1000) / (DELTA_WINDOW_MS / 1000))],
      ['JS heap used after GC', `${(heap.usedSize / 1024 / 1024).toFixed(1)} MB`],
    ];
    const width = Math.max(...rows.map(([name]) => name?.length ?? 0));
    await context.close();
    console.log(
      `\nDevices table benchmark\n${rows.map(([name, value]) => `  ${name?.padEnd(width)}  ${value}`).join('\n')}\n`,
    );
  } finally {
    await stack.stop();
  }
});
