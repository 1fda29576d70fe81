import { existsSync } from 'node:fs';
import { ConfigError, parseConfig, type GatewayConfig } from './config.js';
import { launchEmbeddedProvider, type EmbeddedProvider } from './embeddedProvider.js';
import { createGateway, type Gateway } from './server.js';
import type { UpstreamTarget } from './upstream/upstreamClient.js';

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
      console.error(`[gateway] ${error.message}`);
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
      console.error(`[gateway] the embedded provider exited (code ${exit.code}, signal ${exit.signal}): stopping`);
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
  console.log(`[gateway] Halo Console on http://${config.host}:${config.port} (upstream: ${where})`);
}

main().catch(async (error: unknown) => {
  console.error(`[gateway] failed to start: ${error instanceof Error ? error.message : String(error)}`);
  await provider?.stop();
  process.exit(1);
});
