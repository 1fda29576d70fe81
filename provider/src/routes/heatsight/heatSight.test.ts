import { describe, expect, it } from 'vitest';
import { decodeHistory, ErrorCode, Feature, Permission, type HeatSightHistory } from '@halo/shared';
import { createFleetSimulator } from '../../simulator/fleetSimulator.js';
import { insertPositionSamples, positionSample } from '../../store/positionSamples.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { DIALECTS, TEST_ADMIN_PASSWORD } from '../../testing/testProvider.js';

const HOUR = 3_600_000;

describe.each(DIALECTS)('HeatSight on %s', (dialect) => {
  const suite = useAdminSuite(dialect);

  const samplesOf = (actor: Actor, environmentId: number, query: Record<string, string | number> = {}) =>
    suite.provider.api
      .get(`/api/v1/config/${environmentId}/heatsight/samples`)
      .query({ until: suite.provider.clock.now, ...query })
      .set('Authorization', actor.authorization)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });
  const history = async (actor: Actor, environmentId: number, query: Record<string, string | number> = {}) => {
    const response = await samplesOf(actor, environmentId, query);
    expect(response.status, String(response.body)).toBe(200);
    return decodeHistory(new Uint8Array(response.body as Buffer));
  };
  const errorOf = async (actor: Actor, environmentId: number, query: Record<string, string | number> = {}) => {
    const response = await samplesOf(actor, environmentId, query);
    return { status: response.status, body: JSON.parse(String(response.body)) as { error: unknown; fields?: object } };
  };
  const addSamples = async (
    environmentId: number,
    points: readonly { longitude: number; latitude: number; ago: number; online: number; connected?: boolean }[],
  ) => {
    const now = suite.provider.clock.now;
    await insertPositionSamples(
      suite.provider.provider.context.db,
      points.map((point, index) =>
        positionSample(environmentId, 1000 + index, now - point.ago, point, {
          connected: point.connected ?? true,
          linksOnline: point.online,
          linksTotal: 4,
          signals: point.online > 0 ? [55, null] : [null, null],
        }),
      ),
    );
  };
  const setFeatures = (actor: Actor, environmentId: number, features: number[], name: string) =>
    suite.provider.api
      .put(`/api/v1/config/${actor.environmentId}/environments/${environmentId}`)
      .set('Authorization', actor.authorization)
      .send({ environment_name: name, enabled_feature_ids: features });
  const featuresOf = async (actor: Actor, environmentId: number) => {
    const response = await suite.provider.api
      .get(`/api/v1/config/${actor.environmentId}/environments`)
      .set('Authorization', actor.authorization);
    const environments = (response.body as { environments: { id: number; enabled_feature_ids: number[] }[] })
      .environments;
    return environments.find((environment) => environment.id === environmentId)?.enabled_feature_ids;
  };

  it('gives root both features and answers its samples in the window as binary columns', async () => {
    const root = suite.admin.environmentId;
    await addSamples(root, [
      { longitude: 34.78, latitude: 32.08, ago: HOUR, online: 4 },
      { longitude: 34.79, latitude: 32.09, ago: 2 * HOUR, online: 0 },
      { longitude: 13.4, latitude: 52.52, ago: 3 * HOUR, online: 2, connected: false },
      { longitude: 13.4, latitude: 52.52, ago: 30 * HOUR, online: 4 },
    ]);
    const day: HeatSightHistory = await history(suite.admin, root);
    expect(day).toMatchObject({ mode: 'samples', rows: 3, samples: 3 });
    expect(day.to).toBe(suite.provider.clock.now);
    // Oldest first: Berlin (disconnected), then the Tel Aviv sample with nothing online, then the good one.
    expect([...day.noLink]).toEqual([1, 1, 0]);
    expect([...day.linksDown]).toEqual([1, 1, 0]);
    expect(day.positions[0]).toBeCloseTo(13.4, 3);
    expect(day.positions[5]).toBeCloseTo(32.08, 3);
    expect(day.signal[2]).toBe(55);
    expect((await history(suite.admin, root, { window: '7d' })).rows).toBe(4);
    expect((await history(suite.admin, root, { window: '1h' })).rows).toBe(1);
    expect((await history(suite.admin, root, { bbox: '30,29,40,35' })).rows).toBe(2);
    const login = await suite.provider.api
      .post('/api/v1/auth/login')
      .send({ username: 'admin', password: TEST_ADMIN_PASSWORD, environment_name: 'root' });
    expect(login.body).toMatchObject({ enabled_feature_ids: [1, 2], realm_type: 1 });
  });

  it('aggregates into cells when the window holds more than max_points, keeping the shares', async () => {
    const root = suite.admin.environmentId;
    await addSamples(
      root,
      Array.from({ length: 3000 }, (_unused, index) => ({
        longitude: 34.7 + (index % 50) * 0.002,
        latitude: 32 + Math.floor(index / 50) * 0.002,
        ago: (index % 24) * HOUR + 1000,
        online: index % 4 === 0 ? 0 : 4,
      })),
    );
    const cells = await history(suite.admin, root, { max_points: 1000 });
    expect(cells.mode).toBe('cells');
    expect(cells.samples).toBe(3000);
    expect(cells.rows).toBeLessThanOrEqual(1000);
    let noLink = 0;
    for (let index = 0; index < cells.rows; index += 1)
      noLink += (cells.noLink[index] ?? 0) * (cells.counts[index] ?? 0);
    // A quarter had no link; each cell's share travels in 1/255 steps.
    expect(Math.abs(noLink - 750)).toBeLessThan(7.5);
    const raw = await history(suite.admin, root, { max_points: 5000 });
    expect(raw).toMatchObject({ mode: 'samples', rows: 3000 });
  });

  it('grants features from above, never beyond the parent, and takes them from those below', async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'hs-child');
    expect(await featuresOf(suite.admin, child.id)).toEqual([]);
    expect((await errorOf(child, child.id)).status).toBe(403);
    expect((await setFeatures(suite.admin, child.id, [Feature.HEATSIGHT_OWN_ENVIRONMENT], 'hs-child')).status).toBe(
      200,
    );
    await addSamples(child.id, [{ longitude: 35, latitude: 32.8, ago: HOUR, online: 1 }]);
    expect((await history(child, child.id)).rows).toBe(1);
    // Feature 1 reaches only the own environment.
    expect((await errorOf(child, child.id, { subtree: 1 })).status).toBe(403);
    // The child's manager cannot give a grandchild what the child lacks, nor change the child itself.
    const grandchild = await createEnvironment(suite.provider.api, child, 'hs-grandchild');
    const beyond = await setFeatures(child, grandchild.id, [1, 2], 'hs-grandchild');
    expect(beyond.status).toBe(400);
    expect(beyond.body).toMatchObject({
      error: ErrorCode.MISSING_VALUES,
      fields: { enabled_feature_ids: 'validation.featuresBeyondParent' },
    });
    expect((await setFeatures(child, child.id, [1, 2], 'hs-child')).status).toBe(403);
    expect((await setFeatures(child, grandchild.id, [1], 'hs-grandchild')).status).toBe(200);
    expect(await featuresOf(child, grandchild.id)).toEqual([1]);
    // Root's manager reaches the child's samples through its own feature 2, and the subtree.
    expect((await history(suite.admin, child.id)).rows).toBe(1);
    await addSamples(suite.admin.environmentId, [{ longitude: 34, latitude: 31, ago: HOUR, online: 2 }]);
    expect((await history(suite.admin, suite.admin.environmentId, { subtree: 1 })).rows).toBe(2);
    // Taking feature 1 from the child takes it from the grandchild too.
    expect((await setFeatures(suite.admin, child.id, [], 'hs-child')).status).toBe(200);
    expect(await featuresOf(suite.admin, grandchild.id)).toEqual([]);
    expect((await errorOf(child, child.id)).status).toBe(403);
  });

  it('refuses features from a user who is not a manager, other tenants, and garbage', async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'hs-a');
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'hs-b');
    await setFeatures(suite.admin, child.id, [1, 2], 'hs-a');
    await setFeatures(suite.admin, sibling.id, [1, 2], 'hs-b');
    // A sibling's id is "not found", whatever the features.
    expect((await errorOf(child, sibling.id)).status).toBe(404);
    await createUser(suite.provider.api, suite.admin, 'hs-editor', [
      Permission.ENVIRONMENTS_VIEW,
      Permission.ENVIRONMENTS_UPDATE,
    ]);
    const editor = await as(suite.provider.api, 'hs-editor', 'root');
    expect((await setFeatures(editor, child.id, [], 'hs-a')).status).toBe(403);
    expect(await featuresOf(suite.admin, child.id)).toEqual([1, 2]);
    // An unchanged list passes for anyone who may edit: the form sends it back as it was.
    expect((await setFeatures(editor, child.id, [1, 2], 'hs-a')).status).toBe(200);
    const garbage: Record<string, string | number>[] = [
      { window: '30d' },
      { bbox: '35,31,34,33' },
      { max_points: 5 },
      { until: 'soon' },
      { scope: 3 },
    ];
    for (const query of garbage) {
      const refused = await errorOf(suite.admin, suite.admin.environmentId, query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.error).toBe(ErrorCode.BAD_QUERY_PARAMETER);
    }
    for (const features of [[3], [1, 1], 'all', [1, 2, 2]]) {
      const response = await suite.provider.api
        .put(`/api/v1/config/${suite.admin.environmentId}/environments/${child.id}`)
        .set('Authorization', suite.admin.authorization)
        .send({ environment_name: 'hs-a', enabled_feature_ids: features });
      expect(response.status, JSON.stringify(features)).toBe(400);
    }
    expect(await featuresOf(suite.admin, child.id)).toEqual([1, 2]);
  });

  it('writes the simulated fleet’s positions to the history as it moves', async () => {
    const { context } = suite.provider.provider;
    const simulator = createFleetSimulator(context, { devices: 60, seed: 11, changeFraction: 0.2, pace: 'churning' });
    await simulator.ensureFleet();
    let written = 0;
    for (let tick = 0; tick < 12; tick += 1) {
      suite.provider.clock.now += 60_000;
      written += (await simulator.tick()).positionSamples;
    }
    expect(written).toBeGreaterThan(30);
    const answer = await history(suite.admin, suite.admin.environmentId, { window: '1h' });
    expect(answer.rows).toBe(written);
  });
});

describe.each(DIALECTS)('HeatSight’s raw limit on %s', (dialect) => {
  // A limit of 2,000 stands for the default 200,000: the same rule on a window quick to fill.
  const suite = useAdminSuite(dialect, { HALO_HEATSIGHT_RAW_LIMIT: '2000' });

  const history = async (query: Record<string, string | number>) => {
    const response = await suite.provider.api
      .get(`/api/v1/config/${suite.admin.environmentId}/heatsight/samples`)
      .query({ until: suite.provider.clock.now, ...query })
      .set('Authorization', suite.admin.authorization)
      .buffer(true)
      .parse((answer, done) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(response.status, String(response.body)).toBe(200);
    return decodeHistory(new Uint8Array(response.body as Buffer));
  };
  /** `count` samples a second apart, the newest `newestAgo` before now. */
  const addSamples = (count: number, newestAgo = HOUR) => {
    const now = suite.provider.clock.now;
    return insertPositionSamples(
      suite.provider.provider.context.db,
      Array.from({ length: count }, (_unused, index) =>
        positionSample(
          suite.admin.environmentId,
          1000 + index,
          now - newestAgo - index * 1000,
          {
            longitude: 34.7 + (index % 40) * 0.001,
            latitude: 32 + Math.floor(index / 40) * 0.001,
          },
          { connected: true, linksOnline: index % 5, linksTotal: 4, signals: [index % 101] },
        ),
      ),
    );
  };

  it('answers cells for a window above the raw limit even when max_points would allow its samples', async () => {
    await addSamples(3000);
    const answer = await history({ max_points: 1_000_000 });
    expect(answer.mode).toBe('cells');
    expect(answer.samples).toBe(3000);
    expect(answer.rows).toBeLessThan(3000);
  });

  it('answers a window within the raw limit one by one, oldest first, each sample as stored', async () => {
    await addSamples(1500);
    const answer = await history({ max_points: 1_000_000 });
    expect(answer).toMatchObject({ mode: 'samples', rows: 1500, samples: 1500 });
    // The last sample added is the oldest: index 1499.
    expect(answer.positions[0]).toBeCloseTo(34.7 + (1499 % 40) * 0.001, 4);
    expect(answer.positions[1]).toBeCloseTo(32 + Math.floor(1499 / 40) * 0.001, 4);
    expect(answer.signal[0]).toBe(1499 % 101);
    expect(answer.signal[1499]).toBe(0);
    for (let index = 1; index < answer.rows; index += 1)
      expect(answer.times[index]).toBeGreaterThanOrEqual(answer.times[index - 1] ?? 0);
    // Times travel in 1/65,535 of the window: 1.3 s steps over a day.
    expect(Math.abs((answer.times[1499] ?? 0) - (suite.provider.clock.now - HOUR))).toBeLessThan(1500);
  });

  it('counts a short window in buckets as short, so a busy day before it does not turn its samples into cells', async () => {
    await addSamples(1500, 60_000);
    await addSamples(3000, 3 * HOUR);
    const hour = await history({ window: '1h', max_points: 1_000_000 });
    expect(hour).toMatchObject({ mode: 'samples', rows: 1500 });
    expect((await history({ window: '24h', max_points: 1_000_000 })).mode).toBe('cells');
  });
});

describe('HeatSight with realm type 2', () => {
  const suite = useAdminSuite('sqlite', { HALO_REALM_TYPE: '2' });

  it('refuses the samples even to root, whose features stay granted', async () => {
    const response = await suite.provider.api
      .get(`/api/v1/config/${suite.admin.environmentId}/heatsight/samples`)
      .set('Authorization', suite.admin.authorization);
    expect(response.status).toBe(403);
    const login = await suite.provider.api
      .post('/api/v1/auth/login')
      .send({ username: 'admin', password: TEST_ADMIN_PASSWORD, environment_name: 'root' });
    expect(login.body).toMatchObject({ enabled_feature_ids: [1, 2], realm_type: 2 });
  });
});
