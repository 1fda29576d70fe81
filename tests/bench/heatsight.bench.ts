import { HEATSIGHT_HEADER_BYTES, TestId } from '@halo/shared';
import { expect, test, type Page } from '@playwright/test';
import BetterSqlite3 from 'better-sqlite3';
import {
  HEATSIGHT_APPLY_MEASURE,
  HEATSIGHT_DRAW_MEASURE,
  HEATSIGHT_FIRST_HEAT_MEASURE,
  type HeatApplyDetail,
} from '../../web/src/features/heatsight/heatSightMeasures';
import { loginThroughUi } from '../fixtures/session';
import { sqliteStoreOf } from '../fixtures/stack';
import { figureTable, ms, percentile, spread } from './benchFigures';
import { adminSession, startFleetStack } from './fleetStack';
import { askSamples, type Asked } from './heatSightAsks';
import { collectTimings, startFrames, stopFrames, type TimedEntry } from './pageTimings';

/**
 * bench:heatsight (issue 12). A fleet of 100,000 simulated devices and 1,000,000 position
 * samples over the last 24 hours, then, through the gateway:
 * - the samples endpoint for a 24 h window: answer size per sample and time, aggregated (the
 *   default max_points) and raw;
 * - in headless Chromium (WebGL through SwiftShader: no GPU here), the time from the menu
 *   click to the first frame with heat (cold, while the gateway polls the environment for the
 *   first time; warm, from another browser once it follows it), the main thread while live
 *   deltas arrive (taking the fleet worker's heat apart from deck.gl's draw), the longest task,
 *   and the history's first heat.
 * Prints one table with the targets beside the figures; asserts nothing about speed.
 */
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const SAMPLES = Number(process.env.BENCH_HEATSIGHT_SAMPLES ?? 1_000_000);
const CHANGE_FRACTION = process.env.BENCH_CHANGE_FRACTION ?? '0.01';
const DELTA_WINDOW_MS = Number(process.env.BENCH_DELTA_MS ?? 30_000);
const ASKS = Number(process.env.BENCH_HEATSIGHT_ASKS ?? 10);
const TARGET = { firstHeatMs: 3000, longestTaskMs: 100, bytesPerSample: 8 };
const DAY_MS = 86_400_000;
/** When set: a file to write a Chromium trace of the warm opening to (menu click to first heat). */
const TRACE_FILE = process.env.BENCH_TRACE;
/** Browsers that open HeatSight in turn on the warm gateway; the first heat is their median. */
const WARM_OPENINGS = Number(process.env.BENCH_HEATSIGHT_OPENINGS ?? 3);
const HEAT_TIMEOUT_MS = Number(process.env.BENCH_HEAT_TIMEOUT_MS ?? 5 * 60_000);

// ---- the seeded history --------------------------------------------------------------------------

/**
 * Writes `SAMPLES` position samples into the running provider's SQLite database, the database
 * itself generating them: rounds of one sample per located device, spread over the last 24 h,
 * each a little away from where the device is now, about 8 % without a link, 15 % with a link
 * down, the signal spread over 0-100. Chunks of one round keep each write short, so the
 * simulator's own writes (busy time-out 5 s) wait their turn.
 */
function seedSamples(file: string, now: number): { seconds: number; rounds: number } {
  const database = new BetterSqlite3(file);
  database.pragma('busy_timeout = 30000');
  const started = performance.now();
  try {
    const located = (
      database
        .prepare('select count(*) as count from devices where longitude is not null and latitude is not null')
        .get() as { count: number }
    ).count;
    if (located === 0) throw new Error('no located device to seed samples for');
    const rounds = Math.ceil(SAMPLES / located);
    const roundMs = Math.floor(DAY_MS / rounds);
    const insert = database.prepare(`insert into position_samples (environment_id, device_id, sample_time,
        longitude, latitude, connected, links_online, links_total, best_signal, cellular_signals)
      select environment_id, id,
        @start + @round * @roundMs + (id * 7919) % @roundMs,
        longitude + (((id * 7919 + @round * 104729) % 2001) - 1000) / 20000.0,
        latitude + (((id * 104729 + @round * 7919) % 2001) - 1000) / 20000.0,
        case when (id * 31 + @round * 17) % 100 >= 8 then 1 else 0 end,
        case when (id * 31 + @round * 17) % 100 < 8 then 0
             when (id * 13 + @round * 7) % 100 < 15 then 1 + id % 2 - 1 else 1 + id % 2 end,
        1 + id % 2,
        case when (id * 31 + @round * 17) % 100 < 8 then null else (id * 37 + @round * 11) % 101 end,
        case when (id * 31 + @round * 17) % 100 < 8 then null else cast((id * 37 + @round * 11) % 101 as text) end
      from devices where longitude is not null and latitude is not null
      order by id limit @limit`);
    for (let round = 0; round < rounds; round += 1) {
      insert.run({ start: now - DAY_MS, round, roundMs, limit: Math.min(located, SAMPLES - round * located) });
    }
    database.pragma('wal_checkpoint(PASSIVE)');
    return { seconds: (performance.now() - started) / 1000, rounds };
  } finally {
    database.close();
  }
}

// ---- the endpoint ---------------------------------------------------------------------------------

// ---- the page -------------------------------------------------------------------------------------

declare global {
  interface Window {
    /** WebGL programs linked so far (shader compilation is what software WebGL pays most for). */
    __programsLinked?: number;
  }
}

/** Before the app loads: counts the WebGL programs linked. */
function countProgramLinks() {
  window.__programsLinked = 0;
  const link = WebGL2RenderingContext.prototype.linkProgram;
  WebGL2RenderingContext.prototype.linkProgram = function (this: WebGL2RenderingContext, program: WebGLProgram) {
    window.__programsLinked = (window.__programsLinked ?? 0) + 1;
    link.call(this, program);
  };
}
const programsLinked = (page: Page) => page.evaluate(() => window.__programsLinked ?? 0);

const heatDrawn = (page: Page) => page.getByTestId(TestId.heatSight.map);

/** Waits until the map says it drew heat whose version passes `accept`; answers the milliseconds waited. */
async function waitForHeat(page: Page, accept: (version: string) => boolean): Promise<number> {
  const started = Date.now();
  // A large fleet's first snapshot takes a while: say what the page shows meanwhile.
  const progress = setInterval(() => {
    page
      .getByTestId(TestId.heatSight.status)
      .textContent()
      .then((status) =>
        console.log(`[bench:heatsight] ${Math.round((Date.now() - started) / 1000)} s: ${status ?? ''}`),
      )
      .catch(() => undefined);
  }, 30_000);
  try {
    await expect
      .poll(async () => accept((await heatDrawn(page).getAttribute('data-heat-drawn')) ?? ''), {
        timeout: HEAT_TIMEOUT_MS,
        intervals: [20],
      })
      .toBe(true);
  } catch (error) {
    const drawn = await heatDrawn(page).getAttribute('data-heat-drawn');
    const status = await page.getByTestId(TestId.heatSight.status).textContent();
    await page.screenshot({ path: 'results/bench-artifacts/heatsight-no-heat.png' });
    throw new Error(`no heat drawn: data-heat-drawn="${drawn ?? ''}", status "${status ?? ''}"`, { cause: error });
  } finally {
    clearInterval(progress);
  }
  return Date.now() - started;
}

const takeTimings = (page: Page) => page.evaluate(() => window.__timings?.splice(0) ?? []);
const named = (entries: readonly TimedEntry[], name: string) => entries.filter((entry) => entry.name === name);
const durations = (entries: readonly TimedEntry[]) => entries.map((entry) => entry.duration);
const longest = (entries: readonly TimedEntry[]) =>
  entries.length === 0 ? 0 : Math.max(...entries.map((entry) => entry.duration));
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

test('HeatSight: samples endpoint, first heat, live updates and history with a large fleet', async ({ browser }) => {
  test.setTimeout(30 * 60_000);
  const log = (text: string) => console.log(`[bench:heatsight] ${text}`);
  const started = Date.now();
  const stack = await startFleetStack('bench-heatsight', DEVICES, CHANGE_FRACTION);
  try {
    const fleetSeconds = (Date.now() - started) / 1000;
    log(`${DEVICES} devices in ${fleetSeconds.toFixed(0)} s; seeding ${SAMPLES} samples`);
    const seeded = seedSamples(sqliteStoreOf(stack.dataDir), Date.now());

    // The endpoint, as the History view asks it (default max_points), and raw.
    const session = await adminSession(stack.baseURL, stack.adminPassword);
    const aggregated = await askSamples(stack.baseURL, session.headers, session.environmentId, { window: '24h' }, ASKS);
    const raw = await askSamples(
      stack.baseURL,
      session.headers,
      session.environmentId,
      { window: '24h', max_points: '2000000' },
      ASKS,
    );
    // What each sample costs, and the same without the answer's fixed 64-byte header.
    const perSample = (asked: Asked) => asked.bytes / Math.max(1, asked.history.samples);
    const perSampleBody = (asked: Asked) => (asked.bytes - HEATSIGHT_HEADER_BYTES) / Math.max(1, asked.history.samples);
    log(`endpoint asked: ${aggregated.history.samples} samples in the window`);

    const openPage = async () => {
      const opened = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1600, height: 900 } });
      await opened.addInitScript(collectTimings);
      await opened.addInitScript(countProgramLinks);
      const newPage = await opened.newPage();
      await loginThroughUi(newPage, 'admin', stack.adminPassword);
      return { context: opened, page: newPage };
    };
    const openHeatSight = async (on: Page) => {
      const clickedAt = Date.now();
      await on.getByTestId(TestId.shell.menuItem('heatSight')).click();
      // Off the side rail, which widens under the pointer and would cover the toolbar.
      await on.mouse.move(900, 600);
      await waitForHeat(on, (version) => version !== '');
      return Date.now() - clickedAt;
    };

    // Cold: HeatSight straight after signing in, while the gateway polls this environment for
    // the first time (the whole 100,000-device devices_state). That page then stays on Home,
    // so the gateway goes on following the environment, as a NOC's walls keep it.
    const cold = await openPage();
    const coldHeatMs = await openHeatSight(cold.page);
    log(`cold first heat after ${coldHeatMs} ms`);
    await cold.page.getByTestId(TestId.shell.menuItem('home')).click();

    // Warm: other operators open HeatSight on a gateway that follows the environment, each in a
    // browser of their own; the last one stays for the live and history figures.
    const warmHeatMs: number[] = [];
    for (let opening = 1; opening < WARM_OPENINGS; opening += 1) {
      const other = await openPage();
      warmHeatMs.push(await openHeatSight(other.page));
      log(`warm first heat ${opening} of ${WARM_OPENINGS} after ${warmHeatMs.at(-1)} ms`);
      await other.context.close();
    }
    // WebGL's renderer first, so the table says what drew.
    const { context, page } = await openPage();
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const info = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl && info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : 'no WebGL2';
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');

    // First heat, live: from the menu click (the map's code loads then) to a frame with heat.
    await takeTimings(page);
    const linkedBefore = await programsLinked(page);
    const clickedAt = await page.evaluate(() => performance.now());
    if (TRACE_FILE)
      await browser.startTracing(page, {
        path: TRACE_FILE,
        screenshots: true,
        // The GPU process's share as well: under software WebGL the main thread waits for it.
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'gpu',
          'gpu.angle',
          'disabled-by-default-gpu.service',
          'disabled-by-default-gpu.decoder',
          'viz',
          'cc',
        ],
      });
    warmHeatMs.push(await openHeatSight(page));
    const firstHeatMs = percentile(warmHeatMs, 50);
    if (TRACE_FILE) {
      await browser.stopTracing();
      log(`trace of the warm opening: ${TRACE_FILE}`);
    }
    const opening = await takeTimings(page);
    // The opening's timeline: what the main thread did when, from the menu click.
    for (const entry of opening)
      log(
        `  +${ms(entry.start - clickedAt)} ${entry.name} ${ms(entry.duration)}` +
          (entry.detail === undefined ? '' : ` ${JSON.stringify(entry.detail).slice(0, 300)}`),
      );
    const firstHeatMeasure = named(opening, HEATSIGHT_FIRST_HEAT_MEASURE)[0];
    const openingLinks = (await programsLinked(page)) - linkedBefore;
    const livePoints = await page.getByTestId(TestId.heatSight.status).textContent();
    log(`first heat after ${warmHeatMs.at(-1)} ms (${livePoints ?? ''})`);
    // Let the first frames settle (shaders, the world's triangles) before measuring the steady state.
    await page.waitForTimeout(3000);
    await takeTimings(page);

    log(`measuring ${DELTA_WINDOW_MS / 1000} s of live updates`);
    // Live: nobody touching anything while deltas arrive.
    const metric = (list: { name: string; value: number }[], name: string) =>
      list.find((entry) => entry.name === name)?.value ?? 0;
    const before = (await cdp.send('Performance.getMetrics')).metrics;
    const liveLinksBefore = await programsLinked(page);
    await startFrames(page);
    await page.waitForTimeout(DELTA_WINDOW_MS);
    const frames = await stopFrames(page);
    const liveLinks = (await programsLinked(page)) - liveLinksBefore;
    const after = (await cdp.send('Performance.getMetrics')).metrics;
    const live = await takeTimings(page);
    const taskMs = (metric(after, 'TaskDuration') - metric(before, 'TaskDuration')) * 1000;
    const scriptMs = (metric(after, 'ScriptDuration') - metric(before, 'ScriptDuration')) * 1000;
    const applies = named(live, HEATSIGHT_APPLY_MEASURE).filter(
      (entry) => !(entry.detail as HeatApplyDetail | undefined)?.reset,
    );
    const changedDevices = applies.map((entry) => (entry.detail as HeatApplyDetail | undefined)?.devices ?? 0);
    const cellsDrawn = applies.map((entry) => (entry.detail as HeatApplyDetail | undefined)?.cells ?? 0);
    const draws = named(live, HEATSIGHT_DRAW_MEASURE);
    const liveLongTasks = named(live, 'longtask');
    const liveLongFrames = named(live, 'long-animation-frame');
    const liveLongest = Math.max(longest(liveLongTasks), longest(liveLongFrames));

    log(`live: ${applies.length} updates, longest task ${ms(liveLongest)}; opening the 24 h history`);
    // History: the 24 h window from the click to its first frame with heat.
    const historyClicked = Date.now();
    await page.getByTestId(TestId.heatSight.mode('history')).click();
    await waitForHeat(page, (version) => version.includes(':24h:'));
    const historyHeatMs = Date.now() - historyClicked;
    const historyStatus = await page.getByTestId(TestId.heatSight.status).textContent();
    const history = await takeTimings(page);
    await context.close();
    await cold.context.close();

    const rows: [string, string][] = [
      ['devices / simulated change per tick', `${DEVICES} / ${CHANGE_FRACTION}`],
      ['WebGL renderer', renderer],
      ['fleet started and seeded', `${fleetSeconds.toFixed(0)} s`],
      [
        'position samples seeded (the database writing them)',
        `${SAMPLES} in ${seeded.rounds} rounds, ${seeded.seconds.toFixed(1)} s`,
      ],
      ['endpoint 24 h: samples in the window', String(aggregated.history.samples)],
      [
        `endpoint 24 h, default max_points: ${aggregated.history.mode}`,
        `${aggregated.history.rows} rows, ${(aggregated.bytes / 1024).toFixed(0)} KiB, ${perSample(aggregated).toFixed(3)} B/sample; ${spread(aggregated.times)}`,
      ],
      [
        `endpoint 24 h, max_points 2,000,000: ${raw.history.mode}`,
        `${raw.history.rows} rows, ${(raw.bytes / 1024).toFixed(0)} KiB, ${perSample(raw).toFixed(3)} B/sample; ${spread(raw.times)}`,
      ],
      [
        `answer ≤ ${TARGET.bytesPerSample} B/sample, besides the ${HEATSIGHT_HEADER_BYTES} B header`,
        `raw ${perSampleBody(raw).toFixed(3)}, aggregated ${perSampleBody(aggregated).toFixed(3)}: ${verdict(
          Math.max(perSampleBody(raw), perSampleBody(aggregated)) <= TARGET.bytesPerSample,
        )}`,
      ],
      ['live, cold: first heat (the gateway’s first poll of the environment)', `${coldHeatMs} ms`],
      [
        `live, warm: first heat (menu click → frame with heat; median of ${WARM_OPENINGS} browsers)`,
        `${ms(firstHeatMs)} (${warmHeatMs.join(', ')} ms; ${livePoints ?? ''})`,
      ],
      [
        'live: of which map mount → frame with heat (in page, the last browser)',
        firstHeatMeasure ? ms(firstHeatMeasure.duration) : 'n/a',
      ],
      [`live, warm: first heat ≤ ${TARGET.firstHeatMs} ms`, verdict(firstHeatMs <= TARGET.firstHeatMs)],
      ['live: opening, WebGL programs linked', String(openingLinks)],
      [
        'live: opening, longest task',
        ms(Math.max(longest(named(opening, 'longtask')), longest(named(opening, 'long-animation-frame')))),
      ],
      [`live: updates applied in ${DELTA_WINDOW_MS / 1000} s`, String(applies.length)],
      ['live: devices changed per update', spread(changedDevices, (value) => String(value))],
      ['live: cells drawn per update', spread(cellsDrawn, (value) => String(value))],
      ['live: taking the worker’s heat per update (main thread)', spread(durations(applies))],
      [
        'live: deck.gl draw per frame (onBeforeRender → onAfterRender)',
        `${draws.length} frames, ${spread(durations(draws))}`,
      ],
      ['live: WebGL programs linked while updates arrive', String(liveLinks)],
      ['live: main-thread task time per second', ms(taskMs / (DELTA_WINDOW_MS / 1000))],
      ['live: main-thread script time per second', ms(scriptMs / (DELTA_WINDOW_MS / 1000))],
      ['live: main-thread task time per update', ms(applies.length > 0 ? taskMs / applies.length : Number.NaN)],
      [
        'live: frame interval',
        `${frames.length} frames, median ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}`,
      ],
      ['live: long tasks (≥ 50 ms) / long animation frames', `${liveLongTasks.length} / ${liveLongFrames.length}`],
      [
        `live: longest task ≤ ${TARGET.longestTaskMs} ms`,
        `${ms(liveLongest)}: ${verdict(liveLongest <= TARGET.longestTaskMs)}`,
      ],
      ['history 24 h: click → frame with heat', `${historyHeatMs} ms (${historyStatus ?? ''})`],
      [
        'history 24 h: longest task',
        ms(Math.max(longest(named(history, 'longtask')), longest(named(history, 'long-animation-frame')))),
      ],
    ];
    console.log(figureTable('bench:heatsight', rows));
  } catch (error) {
    // What the gateway and the provider said, for a failure the browser cannot explain.
    console.log(`[bench:heatsight] the stack's last output:\n${stack.output().slice(-6000)}`);
    throw error;
  } finally {
    await stack.stop();
  }
});
