import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { z } from 'zod';
import { log } from './log.js';
import type { UpstreamTarget } from './upstream/upstreamClient.js';

/**
 * Several gateway processes on one machine (HALO_GATEWAY_WORKERS): the primary forks the
 * workers and restarts one that dies; each worker is a whole gateway (createGateway) on the
 * same port, which the cluster module shares: the primary accepts connections and hands them to
 * the workers in turn. They share pollers, feeds and socket rooms through Redis exactly as
 * gateways on separate machines do, so a worker needs nothing from its siblings. A live socket
 * is one WebSocket connection, which stays with the worker that accepted it; the polling
 * transport, whose requests could reach different workers, is off in this mode.
 */

/** How a worker learns where the upstream is (the primary may have started the embedded provider). */
const UPSTREAM_ENV = 'HALO_CLUSTER_UPSTREAM';
const UpstreamTargetSchema = z.object({ apiBaseUrl: z.string(), healthUrl: z.string().optional() });

const METRICS_REQUEST = 'halo:metrics';
const MessageSchema = z.object({ type: z.literal(METRICS_REQUEST), id: z.number() });
const AnswerSchema = z.object({ type: z.literal(METRICS_REQUEST), id: z.number(), text: z.string() });

/** A worker that dies is replaced after this pause (not in a tight loop when it cannot start). */
const RESTART_DELAY_MS = 1000;
/** How long workers get to stop before they are killed. */
const STOP_GRACE_MS = 10_000;

export const isClusterWorker = () => cluster.isWorker;

/** The upstream the primary gave this worker. */
export function workerUpstream(): UpstreamTarget {
  return UpstreamTargetSchema.parse(JSON.parse(process.env[UPSTREAM_ENV] ?? 'null'));
}

export interface ClusterPrimary {
  /** Stops every worker (SIGTERM, then SIGKILL after a grace period). */
  stop(): Promise<void>;
}

/** Forks `workers` gateways for `upstream` and keeps them running; answers their metrics requests. */
export function startClusterPrimary(workers: number, upstream: UpstreamTarget): ClusterPrimary {
  // Workers register their registries (clusterMetrics asks each of them over IPC).
  const aggregate = new AggregatorRegistry();
  let stopping = false;
  const fork = () => {
    const worker = cluster.fork({ [UPSTREAM_ENV]: JSON.stringify(upstream) });
    worker.on('message', (message: unknown) => void answerMetrics(worker, message));
  };
  const answerMetrics = async (worker: Worker, message: unknown) => {
    const request = MessageSchema.safeParse(message);
    if (!request.success) return;
    const text = await aggregate.clusterMetrics().catch((error: unknown) => {
      log.error({ err: error }, 'aggregating the workers’ metrics failed');
      return '';
    });
    if (worker.isConnected()) worker.send({ type: METRICS_REQUEST, id: request.data.id, text });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ worker: worker.id, code, signal }, 'a gateway worker exited: starting another');
    setTimeout(() => !stopping && fork(), RESTART_DELAY_MS).unref();
  });
  for (let index = 0; index < workers; index += 1) fork();
  return {
    async stop() {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
      await Promise.all(
        running.map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) {
                resolve();
                return;
              }
              const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS);
              worker.once('exit', () => {
                clearTimeout(kill);
                resolve();
              });
              worker.process.kill('SIGTERM');
            }),
        ),
      );
    },
  };
}

/**
 * In a worker: the metrics of every worker added up (the primary asks them all), so `/metrics`
 * on any worker tells about the whole gateway. Registers this worker's registry for that.
 */
export function clusterMetricsSource(registry: Parameters<typeof AggregatorRegistry.setRegistries>[0]) {
  AggregatorRegistry.setRegistries(registry);
  // Constructing one is what makes prom-client answer the primary's requests in a worker.
  new AggregatorRegistry();
  const waiting = new Map<number, (text: string) => void>();
  let nextId = 1;
  process.on('message', (message: unknown) => {
    const answer = AnswerSchema.safeParse(message);
    if (!answer.success) return;
    waiting.get(answer.data.id)?.(answer.data.text);
    waiting.delete(answer.data.id);
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary did not answer with the metrics'));
      }, 10_000);
      waiting.set(id, (text) => {
        clearTimeout(timer);
        resolve(text);
      });
      process.send?.({ type: METRICS_REQUEST, id });
    });
}
