import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { API_BASE } from '@halo/shared';
import type { UpstreamTarget } from './upstream/upstreamClient.js';

/** The provider's entry point, relative to this file in both src/ and dist/. */
export const DEFAULT_PROVIDER_MAIN = fileURLToPath(new URL('../../provider/dist/main.js', import.meta.url));

const READY_POLL_MS = 200;
/** Longer than the provider's own grace (provider/src/main.ts), so it can finish its work in flight and close its store. */
const STOP_GRACE_MS = 15_000;

export interface EmbeddedProviderOptions {
  readonly port: number;
  readonly mainPath?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly readyTimeoutMs?: number;
}

export interface ProviderExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface EmbeddedProvider {
  readonly child: ChildProcess;
  readonly target: UpstreamTarget;
  /** Resolves once /healthz answers 200; rejects when the provider exits first or takes too long. */
  readonly ready: Promise<void>;
  /** Resolves when the provider process has exited, for whatever reason. */
  readonly exited: Promise<ProviderExit>;
  /** SIGTERM, then SIGKILL after a grace period; resolves once the process is gone. */
  stop(): Promise<void>;
}

export class EmbeddedProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EmbeddedProviderError';
  }
}

/** The provider's lines into ours: JSON log lines as they are (they name their service), others prefixed. */
function prefixLines(from: Readable | null, to: Writable, prefix: string) {
  if (!from) return;
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (line) =>
    to.write(line.startsWith(prefix) || line.startsWith('{') ? `${line}\n` : `${prefix}${line}\n`),
  );
}

const describeExit = ({ code, signal }: ProviderExit) => (signal ? `signal ${signal}` : `code ${code}`);

/**
 * Starts the embedded provider (`node provider/dist/main.js`) on the loopback interface, with
 * the gateway's environment, its output prefixed into ours. Used when UPSTREAM_URL is unset.
 */
export function launchEmbeddedProvider(options: EmbeddedProviderOptions): EmbeddedProvider {
  const mainPath = options.mainPath ?? DEFAULT_PROVIDER_MAIN;
  if (!existsSync(mainPath)) {
    throw new EmbeddedProviderError(
      `The embedded provider is not built (${mainPath} is missing). Run \`npm run build\`, or set UPSTREAM_URL.`,
    );
  }
  const origin = `http://127.0.0.1:${options.port}`;
  const child = spawn(process.execPath, [mainPath], {
    env: {
      // In a terminal the provider's log is readable too, though it writes into a pipe.
      ...(process.stdout.isTTY ? { HALO_LOG_FORMAT: 'pretty' } : {}),
      ...(options.env ?? process.env),
      HALO_PROVIDER_PORT: String(options.port),
      HALO_PROVIDER_HOST: '127.0.0.1',
    },
    // The IPC channel carries nothing; it closes when the gateway dies, however it dies (even
    // SIGKILL, which skips exit handlers), and the provider then stops: no orphan holds the port.
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  prefixLines(child.stdout, process.stdout, '[provider] ');
  prefixLines(child.stderr, process.stderr, '[provider] ');

  const exited = new Promise<ProviderExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', () => resolve({ code: child.exitCode, signal: null }));
  });
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
    process.off('exit', killOnExit);
  });
  // Never leave the provider behind, even when the gateway dies without its shutdown.
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);

  const ready = (async () => {
    const timeoutMs = options.readyTimeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    const exitedEarly = exited.then((exit) => {
      throw new EmbeddedProviderError(`The embedded provider exited (${describeExit(exit)}) before it was ready.`);
    });
    exitedEarly.catch(() => undefined);
    while (Date.now() < deadline) {
      if (hasExited) await exitedEarly;
      try {
        const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      await Promise.race([new Promise((resolve) => setTimeout(resolve, READY_POLL_MS)), exitedEarly]);
    }
    child.kill('SIGKILL');
    throw new EmbeddedProviderError(`The embedded provider did not answer ${origin}/healthz within ${timeoutMs} ms.`);
  })();

  let stopping: Promise<void> | null = null;
  return {
    child,
    target: { apiBaseUrl: `${origin}${API_BASE}`, healthUrl: `${origin}/healthz` },
    ready,
    exited,
    stop() {
      stopping ??= (async () => {
        if (hasExited) return;
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(force);
      })();
      return stopping;
    },
  };
}
