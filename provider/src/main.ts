#!/usr/bin/env node
import { createProviderApp } from './app.js';
import { loadConfig } from './config.js';
import { startProvider } from './provider.js';
import { createFleetSimulator, type FleetSimulator } from './simulator/fleetSimulator.js';
import { createSatcomForwarder } from './satcom/satcomForwarder.js';
import { ROOT_ENVIRONMENT_NAME, ROOT_MANAGER_USERNAME } from './store/bootstrap.js';
import { log } from './log.js';

async function main() {
  const config = loadConfig();
  const provider = await startProvider(config);
  if (provider.generatedPassword) {
    log.info(
      `First start: environment '${ROOT_ENVIRONMENT_NAME}', manager '${ROOT_MANAGER_USERNAME}', ` +
        `password '${provider.generatedPassword}'. It is shown only this once.`,
    );
  }
  let stopping = false;
  const app = createProviderApp(provider.context, () => stopping);
  const server = app.listen(config.port, config.host, () => {
    const storage = config.databaseUrl ? 'PostgreSQL' : `SQLite in ${config.dataDir}`;
    const mail = config.smtpUrl ? 'SMTP' : 'outbox in the data dir (npm run outbox)';
    log.info(`API v1 on http://${config.host}:${config.port}/api/v1 (${storage}; mail: ${mail})`);
  });
  // The gateway keeps idle connections open for reuse and drops them after 4 s. Keeping ours
  // far longer means a connection is never closed here just as the gateway sends on it (a busy
  // gateway's timers run late), which would reach the user as a 502.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let simulator: FleetSimulator | undefined;
  const forwarder = createSatcomForwarder(provider.context, {
    policy: config.satcom.networks,
    intervalMs: config.satcom.forwardMs,
  });
  forwarder.start();
  const stop = () => {
    stopping = true;
    // A tick or a delivery in flight finishes before the store closes.
    void Promise.all([simulator?.stop(), forwarder.stop()]).finally(() => {
      server.close(() => {
        void provider.close().finally(() => process.exit(0));
      });
    });
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Embedded in a gateway (an IPC channel to it): the provider leaves when the gateway is gone.
  if (process.send) process.once('disconnect', stop);
  // The fleet comes after the API is up: creating 100,000 devices takes a few seconds.
  if (config.simulator.devices > 0) {
    simulator = createFleetSimulator(provider.context, config.simulator);
    const started = Date.now();
    const { created } = await simulator.ensureFleet();
    log.info(
      `simulator: ${simulator.devices.length} devices (seed ${config.simulator.seed}${created > 0 ? `, ${created} created in ${Date.now() - started} ms` : ''}), ` +
        `a tick every ${config.simulator.tickMs} ms changing ${Math.round(config.simulator.changeFraction * 100)}% of them`,
    );
    if (!stopping) simulator.start(config.simulator.tickMs);
  }
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
