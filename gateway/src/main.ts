import { existsSync } from 'node:fs';
import { ConfigError, parseConfig, type GatewayConfig } from './config.js';
import { launchEmbeddedProvider, type EmbeddedProvider } from './embeddedProvider.js';
import { isClusterWorker, startClusterPrimary, workerUpstream, type ClusterPrimary } from './gatewayCluster.js';
import { createGateway, type Gateway } from './server.js';
import type { UpstreamTarget } from './upstream/upstreamClient.js';
import { log } from './log.js';

let provider: EmbeddedProvider | undefined;

function readConfig(): GatewayConfig {
  // Variables already set win over the file, as documented.
  if (existsSync('.env')) process.loadEnvFile('.env');
  try {
    return parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** Serves the console with one gateway in this process, on the configured port. */
async function serve(config: GatewayConfig, upstream: UpstreamTarget, inCluster: boolean): Promise<Gateway> {
  const gateway = createGateway(config, upstream, { clusterWorker: inCluster });
  const { httpServer } = gateway;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  return gateway;
}

/** Entry point: configuration, the embedded provider when no UPSTREAM_URL, then one gateway or several workers. */
async function main() {
  const config = readConfig();
  let gateway: Gateway | undefined = undefined;
  let primary: ClusterPrimary | undefined = undefined;
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    await gateway?.close();
    await primary?.stop();
    await provider?.stop();
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));

  if (isClusterWorker()) {
    gateway = await serve(config, workerUpstream(), true);
    return;
  }

  let upstream: UpstreamTarget;
  if (config.upstreamUrl) {
    upstream = { apiBaseUrl: config.upstreamUrl };
  } else {
    provider = launchEmbeddedProvider({ port: config.providerPort });
    void provider.exited.then((exit) => {
      if (stopping) return;
      log.fatal({ code: exit.code, signal: exit.signal }, 'the embedded provider exited: stopping');
      void stop(1);
    });
    await provider.ready;
    upstream = provider.target;
  }
  if (stopping) return;

  const where = config.upstreamUrl ?? `the embedded provider on 127.0.0.1:${config.providerPort}`;
  if (config.workers > 1) {
    primary = startClusterPrimary(config.workers, upstream);
    log.info(`Halo Console on http://${config.host}:${config.port} in ${config.workers} workers (upstream: ${where})`);
    return;
  }
  gateway = await serve(config, upstream, false);
  log.info(`Halo Console on http://${config.host}:${config.port} (upstream: ${where})`);
}

main().catch(async (error: unknown) => {
  log.fatal({ err: error }, 'failed to start');
  await provider?.stop();
  process.exit(1);
});
