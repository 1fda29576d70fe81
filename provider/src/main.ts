#!/usr/bin/env node
import { createProviderApp } from './app.js';
import { loadConfig } from './config.js';
import { startProvider } from './provider.js';
import { JobLeadership } from './jobs/jobLeadership.js';
import { SCHEDULED_JOBS, startScheduledJobs } from './jobs/scheduledJobs.js';
import { startSimulatorThread, type SimulatorThread } from './simulator/simulatorThread.js';
import { createSatcomForwarder } from './satcom/satcomForwarder.js';
import { ROOT_ENVIRONMENT_NAME, ROOT_MANAGER_USERNAME } from './bootstrap.js';
import { log } from './log.js';

/**
 * How long a stop waits for requests, ticks and jobs in flight (an import publishing, an export
 * streaming) before it exits anyway; within Kubernetes' 15 s for the provider's pod
 * (deploy/kubernetes/provider.yaml), and within the gateway's wait for its embedded provider.
 */
const STOP_GRACE_MS = 12_000;

async function main() {
  // Owner-only for anything this process creates, a library's files included; the data dir's
  // own writes give 0700/0600 explicitly as well (store/privateDataDir.ts), so they hold in
  // tests, the backup tools and any embedding that keeps a permissive umask.
  process.umask(0o077);
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
  let simulator: SimulatorThread | undefined;
  const forwarder = createSatcomForwarder(provider.context, {
    policy: config.satcom.networks,
    intervalMs: config.satcom.forwardMs,
  });
  forwarder.start();
  // Each due job runs once across the provider's replicas: the one holding its lease in the
  // shared database runs it (jobs/jobLeadership.ts); a single provider simply holds them all.
  const jobs = startScheduledJobs(provider.context, SCHEDULED_JOBS, {
    leadership: new JobLeadership(provider.context.db, { now: provider.context.now }),
  });
  const stop = () => {
    stopping = true;
    // A tick, a delivery or a job in flight finishes before the store closes (a delivery within its deadline).
    void Promise.all([simulator?.stop(), forwarder.stop(), jobs.stop()])
      .then(() => provider.context.deliveries.idle())
      .finally(() => {
        // close() ends idle keep-alive connections once, now; a request still in flight (an import
        // publishing) leaves its connection idle only when it is answered, and a client that keeps
        // it open would hold the close until the grace ran out, the store not closed cleanly.
        const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
        server.close(() => {
          clearInterval(closeIdle);
          void provider.close().finally(() => process.exit(0));
        });
      });
    setTimeout(() => {
      log.warn(`stopping: work still in flight after ${STOP_GRACE_MS} ms; exiting without a clean close`);
      process.exit(0);
    }, STOP_GRACE_MS).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Embedded in a gateway (an IPC channel to it): the provider leaves when the gateway is gone.
  if (process.send) process.once('disconnect', stop);
  // The fleet comes after the API is up: creating 100,000 devices takes a few seconds. It runs
  // in a thread of its own, on a connection of its own (simulator/simulatorThread.ts).
  if (config.simulator.devices > 0 && provider.store.location) {
    simulator = startSimulatorThread(provider.context, provider.store.location, config.simulator);
    const started = Date.now();
    const { created, devices } = await simulator.ensureFleet();
    log.info(
      `simulator: ${devices} devices (seed ${config.simulator.seed}${created > 0 ? `, ${created} created in ${Date.now() - started} ms` : ''}), ` +
        `a tick every ${config.simulator.tickMs} ms changing ${Math.round(config.simulator.changeFraction * 100)}% of them, in a thread of its own`,
    );
    if (!stopping) simulator.start(config.simulator.tickMs);
  }
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'failed to start');
  process.exit(1);
});
