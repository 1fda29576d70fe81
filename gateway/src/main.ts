import { existsSync } from 'node:fs';
import { ConfigError, parseConfig, type GatewayConfig } from './config.js';
import { launchEmbeddedProvider, type EmbeddedProvider } from './embeddedProvider.js';
import { createGateway, type Gateway } from './server.js';
import type { UpstreamTarget } from './upstream/upstreamClient.js';
import { log } from './log.js';

let provider: EmbeddedProvider | undefined;

/** Entry point: configuration, the embedded provider when no UPSTREAM_URL, then listen. */
async function main() {
  // Variables already set win over the file, as documented.
  if (existsSync('.env')) process.loadEnvFile('.env');

  let config: GatewayConfig;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      log.fatal(error.message);
      process.exit(2);
    }
    throw error;
  }

  let gateway: Gateway | undefined = undefined;
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    await gateway?.close();
    await provider?.stop();
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop(0));
  process.once('SIGINT', () => void stop(0));

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

  gateway = createGateway(config, upstream);
  const { httpServer } = gateway;
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const where = config.upstreamUrl ?? `the embedded provider on 127.0.0.1:${config.providerPort}`;
  log.info(`Halo Console on http://${config.host}:${config.port} (upstream: ${where})`);
}

main().catch(async (error: unknown) => {
  log.fatal({ err: error }, 'failed to start');
  await provider?.stop();
  process.exit(1);
});
