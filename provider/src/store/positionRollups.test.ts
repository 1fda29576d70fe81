import { hasNoLink, linksDownShare, type HistorySample } from '@halo/shared';
import { describe, expect, it, vi } from 'vitest';
import { pruneHeatSightHistory } from '../jobs/pruneHeatSightHistory.js';
import { createRandom } from '../simulator/random.js';
import { useAdminSuite } from '../testing/adminSuite.js';
import { createEnvironment } from '../testing/people.js';
import { DIALECTS } from '../testing/testProvider.js';
import {
  historyCellsFromRollups,
  rolledUpCells,
  ROLLUP_LEVELS,
  rollUpStoredSamples,
  samplesAtMost,
  countingLevelFor,
  type RollupLevel,
} from './positionRollups.js';
import { historySamples, insertPositionSamples, positionSample, type HistoryFilter } from './positionSamples.js';

// Real databases and a few hundred samples per run: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** What a level's rows must say, added up here from raw samples on their own. */
function expectedCells(samples: readonly HistorySample[], level: RollupLevel) {
  const cells = new Map<
    string,
    { count: number; noLink: number; down: number; signalSum: number; signalCount: number; longitudeSum: number }
  >();
  for (const sample of samples) {
    const bucket = Math.floor(sample.time / level.bucketMs) * level.bucketMs;
    const key = `${bucket}:${Math.floor(sample.longitude * level.cellsPerDegree)}:${Math.floor(sample.latitude * level.cellsPerDegree)}`;
    const cell = cells.get(key) ?? { count: 0, noLink: 0, down: 0, signalSum: 0, signalCount: 0, longitudeSum: 0 };
    cell.count += 1;
    cell.noLink += hasNoLink(sample) ? 1 : 0;
    cell.down += linksDownShare(sample);
    cell.signalSum += sample.bestSignal ?? 0;
    cell.signalCount += sample.bestSignal === null ? 0 : 1;
    cell.longitudeSum += sample.longitude;
    cells.set(key, cell);
  }
  return cells;
}

describe.each(DIALECTS)('HeatSight rollups on %s', (dialect) => {
  const suite = useAdminSuite(dialect);

  /** Random samples of two environments over 9 days: clusters on both sides of Greenwich and the equator. */
  async function writeRandomSamples(seed: number, environmentIds: readonly number[]) {
    const random = createRandom(seed);
    const now = suite.provider.clock.now;
    const spots = [
      { longitude: 34.78, latitude: 32.08 },
      { longitude: -74.0, latitude: 40.7 },
      { longitude: -0.01, latitude: -0.01 },
      { longitude: 151.2, latitude: -33.87 },
    ];
    const samples = Array.from({ length: 600 }, (_unused, index) => {
      const spot = random.pick(spots);
      const total = random.int(0, 4);
      const connected = random.chance(0.85);
      const online = random.int(0, total);
      return positionSample(
        random.pick(environmentIds),
        index % 37,
        now - random.int(0, 9 * DAY),
        { longitude: spot.longitude + random.between(-0.2, 0.2), latitude: spot.latitude + random.between(-0.2, 0.2) },
        {
          connected,
          linksOnline: online,
          linksTotal: total,
          signals: Array.from({ length: total }, (_signal, modem) => (modem < online ? random.int(0, 100) : null)),
        },
      );
    });
    // In uneven batches, each its own transaction, as the simulator writes them: rows add up across writes.
    const { db } = suite.provider.provider.context;
    for (let start = 0; start < samples.length;) {
      const end = Math.min(samples.length, start + random.int(1, 250));
      const batch = samples.slice(start, end);
      await db.transaction().execute((trx) => insertPositionSamples(trx, batch));
      start = end;
    }
    return samples.length;
  }

  it('keeps at every level what a scan of the raw samples adds up to (random samples, several writes)', async () => {
    const { db } = suite.provider.provider.context;
    const root = suite.admin.environmentId;
    const child = await createEnvironment(suite.provider.api, suite.admin, 'rollup-child');
    for (const seed of [1, 2]) {
      await db.deleteFrom('position_samples').execute();
      await db.deleteFrom('position_rollups').execute();
      await writeRandomSamples(seed, [root, child.id]);
      const now = suite.provider.clock.now;
      for (const environmentIds of [[root], [root, child.id]])
        for (const window of [DAY, 7 * DAY])
          for (const level of ROLLUP_LEVELS) {
            const filter: HistoryFilter = { environmentIds, from: now - window, to: now };
            // The rollups cover whole buckets: the raw scan starts where the first one does.
            const firstBucket = Math.floor(filter.from / level.bucketMs) * level.bucketMs;
            const raw = await historySamples(db, { ...filter, from: firstBucket });
            const expected = expectedCells(raw, level);
            const cells = await rolledUpCells(db, filter, level);
            const context = `seed ${seed}, environments ${environmentIds.join(',')}, window ${window}, level ${level.level}`;
            expect(cells.length, context).toBe(expected.size);
            for (const cell of cells) {
              const want = expected.get(`${cell.bucketStart}:${cell.cellX}:${cell.cellY}`);
              expect(want, context).toBeDefined();
              expect(cell.count, context).toBe(want?.count);
              expect(cell.noLink, context).toBe(want?.noLink);
              expect(cell.signalCount, context).toBe(want?.signalCount);
              expect(cell.signalSum, context).toBe(want?.signalSum);
              expect(cell.down, context).toBeCloseTo(want?.down ?? Number.NaN, 6);
              expect(cell.longitudeSum, context).toBeCloseTo(want?.longitudeSum ?? Number.NaN, 6);
            }
            // The answer adds the same samples and the same share without a link, whatever level it takes.
            const answer = await historyCellsFromRollups(db, filter, 1000, raw.length);
            const answered = answer.cells.reduce((sum, cell) => sum + cell.count, 0);
            const answeredNoLink = answer.cells.reduce((sum, cell) => sum + cell.noLink * cell.count, 0);
            const coarsest = await historySamples(db, {
              ...filter,
              from: Math.floor(filter.from / answer.level.bucketMs) * answer.level.bucketMs,
            });
            expect(answered, context).toBe(coarsest.length);
            expect(answeredNoLink, context).toBeCloseTo(coarsest.filter((sample) => hasNoLink(sample)).length, 6);
            if (level === countingLevelFor(window)) expect(await samplesAtMost(db, filter), context).toBe(raw.length);
          }
    }
  });

  it('counts a window in the coarsest buckets no longer than it, never finer than it is answered from', () => {
    expect(countingLevelFor(HOUR).level).toBe(1);
    expect(countingLevelFor(DAY).level).toBe(3);
    expect(countingLevelFor(7 * DAY).level).toBe(3);
    expect(countingLevelFor(10 * 60_000).level).toBe(0);
  });

  it('rolls up stored samples in the database as it does them as they are written (migration 020)', async () => {
    const { db } = suite.provider.provider.context;
    await writeRandomSamples(7, [suite.admin.environmentId]);
    const rows = () =>
      db
        .selectFrom('position_rollups')
        .selectAll()
        .orderBy('level')
        .orderBy('bucket_start')
        .orderBy('cell_x')
        .orderBy('cell_y')
        .execute()
        .then((all) =>
          all.map((row) => ({
            ...row,
            links_down_sum: Number(row.links_down_sum).toFixed(9),
            longitude_sum: Number(row.longitude_sum).toFixed(9),
            latitude_sum: Number(row.latitude_sum).toFixed(9),
            signal_sum: Number(row.signal_sum),
          })),
        );
    const written = await rows();
    expect(written.length).toBeGreaterThan(0);
    await rollUpStoredSamples(db);
    expect(await rows()).toEqual(written);
  });

  it('prunes raw samples past their retention and rollups past theirs, and keeps the rollups of pruned samples', async () => {
    const { context } = suite.provider.provider;
    const { db } = context;
    const now = suite.provider.clock.now;
    const root = suite.admin.environmentId;
    const at = (ago: number) =>
      positionSample(
        root,
        1,
        now - ago,
        { longitude: 34.8, latitude: 32.1 },
        {
          connected: true,
          linksOnline: 1,
          linksTotal: 1,
          signals: [70],
        },
      );
    // Defaults: samples 7 days, rollups 35 days.
    await insertPositionSamples(db, [at(DAY), at(6 * DAY), at(8 * DAY), at(40 * DAY)]);
    await pruneHeatSightHistory(context);
    const kept = await db.selectFrom('position_samples').select('sample_time').orderBy('sample_time').execute();
    expect(kept.map((row) => now - Number(row.sample_time))).toEqual([6 * DAY, DAY]);
    const week = { environmentIds: [root], from: now - 9 * DAY, to: now };
    // The 8-day-old sample's rollups stay; the 40-day-old one's are gone at every level.
    for (const level of ROLLUP_LEVELS) {
      const cells = await rolledUpCells(db, week, level);
      expect(cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(3);
      expect(await rolledUpCells(db, { ...week, from: now - 60 * DAY, to: now - 30 * DAY }, level)).toEqual([]);
    }
  });
});
