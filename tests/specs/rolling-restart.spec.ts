import { expect, test } from '@playwright/test';
import { gatewayMetric, LiveFleetClient, login, pollingLeader } from '../fixtures/liveClient';
import { expectConverged, startSimulatedProvider, stopChanges } from '../fixtures/simulatedFleet';
import { redisScaleOutEnv, startGateway, type GatewayProcess } from '../fixtures/stack';

/**
 * A rolling restart under load (issue 14, point 5): two gateways on Redis, a few hundred live
 * clients spread over them, each gateway stopped gracefully (SIGTERM) and started again in turn
 * while the simulator keeps changing the fleet. Every client must come back by itself, converge
 * on the upstream with nothing lost or received twice, and never wait longer than the delta
 * history for an update. The leadership hand-over is timed: the stopping leader announces it, so
 * the follower polls long before its next round (the leadership TTL is 15 s here: rounds of 5 s).
 */
const DEVICES = 120;
const CLIENTS = 300;
const HISTORY_MS = 180_000;

test('two gateways restarted in turn under 300 clients: every client converges, none waits past the history', async () => {
  test.setTimeout(300_000);
  const provider = await startSimulatedProvider(DEVICES, '0.05');
  const redis = redisScaleOutEnv({
    HALO_POLL_MS: '500',
    HALO_LEADER_TTL_MS: '15000',
    HALO_DELTA_HISTORY_MS: String(HISTORY_MS),
  });
  const gateways: GatewayProcess[] = [];
  const clients: LiveFleetClient[] = [];
  let sampler: NodeJS.Timeout | undefined;
  try {
    gateways.push(await startGateway(provider.apiURL, redis), await startGateway(provider.apiURL, redis));
    const session = await login(gateways[0]!.baseURL, provider.adminPassword);
    for (let index = 0; index < CLIENTS; index += 1)
      clients.push(new LiveFleetClient(gateways[index % 2]!.baseURL, session.token, session.environmentId));
    await expect
      .poll(() => clients.every((client) => client.devices.size === DEVICES && client.counts.deltas >= 2), {
        timeout: 60_000,
      })
      .toBe(true);

    // The longest time any client went without an update, sampled every 100 ms.
    let longestGapMs = 0;
    sampler = setInterval(() => {
      const now = Date.now();
      for (const client of clients) longestGapMs = Math.max(longestGapMs, now - client.lastUpdateAt);
    }, 100);

    const handOvers: number[] = [];
    // The leader first, then the other: each stops gracefully and comes back on its port.
    const leader = await pollingLeader(gateways);
    for (const gateway of [leader, ...gateways.filter((other) => other !== leader)]) {
      const other = gateways.find((candidate) => candidate !== gateway)!;
      const wasLeading = (await gatewayMetric(gateway.baseURL, 'halo_gateway_pollers_running')) === 1;
      const connectsBefore = clients.map((client) => client.counts.connects);
      const stopping = Date.now();
      const stopped = gateway.stop();
      if (wasLeading) {
        // Timed while the stopping gateway still drains its sockets.
        await expect
          .poll(() => gatewayMetric(other.baseURL, 'halo_gateway_pollers_running'), {
            timeout: 10_000,
            intervals: [50],
          })
          .toBe(1);
        handOvers.push(Date.now() - stopping);
      }
      // It left by itself, in time, with exit code 0 (the fixture kills it after 5 s).
      expect(await stopped, 'how the stopped gateway ended').toEqual({ code: 0, signal: null });
      await gateway.restart();
      // Its clients reconnect by themselves and receive again.
      const mine = clients.filter((client) => client.baseURL === gateway.baseURL);
      await expect
        .poll(
          () =>
            mine.every(
              (client) => client.connected && client.counts.connects > connectsBefore[clients.indexOf(client)]!,
            ),
          { timeout: 60_000 },
        )
        .toBe(true);
      const deltasNow = clients.map((client) => client.counts.deltas);
      const waiting = () =>
        clients
          .flatMap((client, index) =>
            client.counts.deltas > deltasNow[index]! ? [] : [`client ${index}: ${client.describe()}`],
          )
          .slice(0, 5);
      // Well within the history the test holds every client to (the longest gap is checked below).
      await expect.poll(waiting, { timeout: 60_000, message: 'clients still waiting for a delta' }).toEqual([]);
    }
    clearInterval(sampler);

    await stopChanges(provider, gateways);
    for (const [index, client] of clients.entries())
      await expectConverged(client, provider, session, DEVICES, `client ${index}`);
    expect(handOvers.length, 'the first gateway stopped was the leader').toBeGreaterThanOrEqual(1);
    expect(Math.max(...handOvers), 'leadership hand-over (ms)').toBeLessThan(2000);
    expect(longestGapMs, 'the longest wait for an update (ms)').toBeLessThan(HISTORY_MS);
    const figures = `hand-over ${handOvers.join(', ')} ms; longest gap a client saw ${longestGapMs} ms`;
    test.info().annotations.push({ type: 'rolling restart', description: figures });
    console.log(`[rolling-restart] ${figures}`);
  } finally {
    clearInterval(sampler);
    for (const client of clients) client.close();
    for (const gateway of gateways) await gateway.dispose();
    await provider.dispose();
  }
});
