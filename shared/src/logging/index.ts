import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pino, type Logger, type LevelWithSilent } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

/**
 * The Node services' logs (gateway, provider): JSON lines on stdout with the service's name,
 * readable (pino-pretty) when stdout is a terminal or HALO_LOG_FORMAT is `pretty` (`json` keeps
 * JSON lines in a terminal). `HALO_LOG_LEVEL` sets the level (info by
 * default; silent, fatal, error, warn, info, debug, trace). Node only: not part of the shared
 * index the web bundles.
 */
export type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';

const LEVELS: readonly LevelWithSilent[] = ['silent', 'fatal', 'error', 'warn', 'info', 'debug', 'trace'];

export function logLevelOf(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const wanted = env.HALO_LOG_LEVEL?.trim().toLowerCase();
  return LEVELS.find((level) => level === wanted) ?? 'info';
}

export function createLogger(service: string, env: NodeJS.ProcessEnv = process.env): Logger {
  const pretty = env.HALO_LOG_FORMAT === 'pretty' || (process.stdout.isTTY && env.HALO_LOG_FORMAT !== 'json');
  return pino({
    level: logLevelOf(env),
    base: { service },
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:standard' } } }
      : {}),
  });
}

/** A request id a caller sent, if it is a sane one (it ends up in every log line of the request). */
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the one the gateway (or another proxy) gave it, or a new one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** The path the client asked for (Express strips a router's mount point from `url`). */
const pathOf = (request: IncomingMessage) =>
  (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url;

/** Paths not worth a log line per request: probes and scrapes. */
const QUIET = /^\/(healthz|readyz|metrics)(\?|$)/;

/**
 * One log line per request with its id, method, path, status and time; the id is answered in
 * X-Request-Id so a user's report can be found in the logs. 5xx are errors, 4xx warnings.
 */
export function requestLogging(logger: Logger): HttpLogger {
  return pinoHttp({
    logger,
    genReqId: (request: IncomingMessage, response: ServerResponse) => {
      const id = requestIdOf(request);
      // Kept on the request too, so a proxy passes the same id on to the upstream.
      request.headers[REQUEST_ID_HEADER] = id;
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: (request) => QUIET.test(request.url ?? '') },
    customLogLevel: (_request, response, error) =>
      error || response.statusCode >= 500 ? 'error' : response.statusCode >= 400 ? 'warn' : 'info',
    customSuccessMessage: (request, response) => `${request.method} ${pathOf(request)} ${response.statusCode}`,
    customErrorMessage: (request, response) => `${request.method} ${pathOf(request)} ${response.statusCode}`,
    // A 5xx gets a made-up error from pino-http; the service's own error handler logs the real one.
    customErrorObject: (_request, _response, _error, value: Record<string, unknown>) => {
      const { err: _made, ...line } = value;
      return line;
    },
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url,
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  });
}
