import WebSocket from 'ws';
import type { CpuProfile } from './cpuProfile';

/**
 * Node processes started with `--inspect=127.0.0.1:0` (NODE_OPTIONS), read through their
 * inspectors: the JS heap after a forced garbage collection (what the live objects weigh,
 * without the garbage RSS also counts), and CPU profiles. Nothing in the product is needed.
 */

/** The inspector addresses a process printed ("Debugger listening on ws://..."), one per process. */
export function inspectorUrls(output: string): string[] {
  return [...new Set([...output.matchAll(/Debugger listening on (ws:\/\/\S+)/g)].map((match) => match[1]!))];
}

async function call(socket: WebSocket, id: number, method: string, params: object = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString('utf8')) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id !== id) return;
      socket.off('message', onMessage);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ id, method, params }));
  });
}

async function connect(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

/** Heap in use after a full collection, in bytes, of the process behind one inspector address. */
export async function heapAfterGc(url: string): Promise<number> {
  const socket = await connect(url);
  try {
    await call(socket, 1, 'HeapProfiler.collectGarbage');
    await call(socket, 2, 'HeapProfiler.collectGarbage');
    const usage = (await call(socket, 3, 'Runtime.getHeapUsage')) as { usedSize: number };
    return usage.usedSize;
  } finally {
    socket.close();
  }
}

/** The heaps of all the processes behind these addresses, added up. */
export async function totalHeapAfterGc(urls: readonly string[]): Promise<number> {
  const heaps = await Promise.all(urls.map((url) => heapAfterGc(url)));
  return heaps.reduce((sum, heap) => sum + heap, 0);
}

/** A CPU profile of the process behind one inspector address over `durationMs` (sampled every 200 µs). */
export async function cpuProfileOf(url: string, durationMs: number): Promise<CpuProfile> {
  const profiling = await startCpuProfile(url, 200);
  await new Promise((resolve) => setTimeout(resolve, durationMs));
  return profiling.stop();
}

/** Starts a CPU profile of the process behind one inspector address (its main thread), sampled every `intervalUs`. */
export async function startCpuProfile(url: string, intervalUs: number): Promise<{ stop(): Promise<CpuProfile> }> {
  const socket = await connect(url);
  try {
    await call(socket, 1, 'Profiler.enable');
    await call(socket, 2, 'Profiler.setSamplingInterval', { interval: intervalUs });
    await call(socket, 3, 'Profiler.start');
  } catch (error) {
    socket.close();
    throw error;
  }
  return {
    async stop() {
      try {
        return ((await call(socket, 4, 'Profiler.stop')) as { profile: CpuProfile }).profile;
      } finally {
        socket.close();
      }
    },
  };
}
