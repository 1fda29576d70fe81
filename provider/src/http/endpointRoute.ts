import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, RequestHandler, Response, Router } from 'express';
import {
  displayMayCall,
  HttpErrorKind,
  isDisplaySession,
  isEnvironmentScoped,
  pathParameterNames,
  routeKeyOf,
  expressPathOf,
  type EndpointAccess,
  type EndpointInput,
  type EndpointReply,
  type EndpointSpec,
  type EnvironmentScopedPath,
  type FileAnswer,
} from '@halo/shared';
import { authenticate, authenticated, requireUser, type Authenticated } from '../auth/sessions.js';
import type { ProviderContext } from '../context.js';
import { forbidden } from '../errors/httpError.js';
import {
  answerText,
  isWhole,
  JSON_TEXT_SLICE,
  JsonAnswer,
  sizeOf,
  textSlices,
  writable,
  type JsonText,
} from './jsonAnswer.js';
import { parseBody, parseParam, parseQuery } from './parse.js';
import { allow, environmentScope, parseId, scoped, type Scoped } from './tenancy.js';

/** Who is calling, as the endpoint's access promises: nobody, a session, or a session in its environment. */
export type CallerOf<Spec extends EndpointSpec> = Spec['access'] extends 'public'
  ? undefined
  : Spec['path'] extends EnvironmentScopedPath
    ? Scoped
    : Authenticated;

/** What a handler receives: the parsed params, query and body, the caller, and the raw request. */
export type Call<Spec extends EndpointSpec> = EndpointInput<Spec> & {
  readonly auth: CallerOf<Spec>;
  /** For what the contract does not parse: the caller's address, a multipart stream. */
  readonly request: Request;
  /** Aborts when the caller goes away before the answer is sent: heavy reads stop with it (readPool.ts). */
  readonly signal: AbortSignal;
};

/** What a handler gives: the declared answer (or file), or that answer already written as JSON (jsonAnswer.ts). */
export type Reply<Spec extends EndpointSpec> = EndpointReply<Spec> | JsonAnswer<EndpointReply<Spec>>;

/** A handler answers the declared answer (or file); it throws HttpError for a refusal. */
export type Handler<Spec extends EndpointSpec> = (call: Call<Spec>) => Reply<Spec> | Promise<Reply<Spec>>;

/** One endpoint and the code that serves it; app.ts registers a list of these. */
export interface Route {
  readonly endpoint: EndpointSpec;
  readonly serve: (context: ProviderContext) => (call: Call<EndpointSpec>) => unknown;
}

/** Binds a handler to its endpoint; the adapter below does everything the contract declares. */
export function route<const Spec extends EndpointSpec>(
  endpoint: Spec,
  serve: (context: ProviderContext) => NoInfer<Handler<Spec>>,
): Route {
  return { endpoint, serve: serve as unknown as Route['serve'] };
}

const PLAIN_FILE_NAME = /^[A-Za-z0-9._@-]+$/;

/** The authentication each access level of the contract means. */
function accessGuards(context: ProviderContext): Record<EndpointAccess, RequestHandler[]> {
  return {
    public: [],
    // A session still waiting for its second factor may only verify, look at itself or leave.
    pending: [authenticate(context, { touch: true, requireVerified: false })],
    sessionCheck: [authenticate(context, { touch: false, requireVerified: false })],
    // Anyone may leave, a wall display included.
    anySession: [authenticate(context, { touch: true, requireVerified: false })],
    user: [requireUser(context)],
  };
}

/**
 * A wall display's session reaches only the calls of DISPLAY_ENDPOINTS, in its own environment
 * (shared/src/wall-displays/displayAccess.ts): checked before the environment scope and the
 * capability, so every other call, a new one included, is refused the same way.
 */
function displayAllowList(endpoint: EndpointSpec): RequestHandler {
  return (request, _response, next) => {
    const { session, user } = authenticated(request);
    const environmentId = isEnvironmentScoped(endpoint) ? Number(request.params.environmentId) : undefined;
    const allowed = !isDisplaySession(session.kind) || displayMayCall(endpoint, environmentId, user.environment_id);
    next(allowed ? undefined : forbidden('A wall display may not make this call'));
  };
}

function paramsOf(endpoint: EndpointSpec, request: Request): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const name of pathParameterNames(endpoint.path)) {
    const schema = endpoint.params?.shape[name];
    // Ids are positive integers (error 6); other parameters have their own schema.
    params[name] = schema ? parseParam(schema, request.params[name]) : parseId(request.params[name]);
  }
  return params;
}

function callerOf(endpoint: EndpointSpec, request: Request): Authenticated | undefined {
  if (endpoint.access === 'public') return undefined;
  return isEnvironmentScoped(endpoint) ? scoped(request) : authenticated(request);
}

/**
 * Text written to the caller as it comes, with back-pressure, so memory holds a chunk or two
 * however long the answer. Nothing is sent before the first chunk: a read that fails before
 * it still answers with its error; one that fails after cuts the answer (the caller sees it
 * incomplete, as an export's).
 */
/** Chunks as a response writes them (writable). */
async function* writableChunks(chunks: AsyncIterable<JsonText>): AsyncGenerator<string | Buffer> {
  for await (const chunk of chunks) yield writable(chunk);
}

async function sendChunks(response: Response, chunks: AsyncIterable<JsonText>): Promise<void> {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* fromFirst() {
    for (let next = first; next.done !== true; next = await iterator.next()) yield writable(next.value);
  }
  await pipeline(Readable.from(fromFirst()), response);
}

/**
 * Registers every route from its declaration: authentication by access level, the
 * environment scope of config/{environment_id} calls, the capability (with the refusal the
 * spec names), then params (error 6), query (error 3) and body (error 1, or 32 for a password)
 * parsed with the declared schemas. The handler gets typed input and returns the answer.
 */
export function registerRoutes(router: Router, context: ProviderContext, routes: readonly Route[]): void {
  const guards = accessGuards(context);
  const seen = new Set<string>();
  // Fixed paths before parameterised ones of the same shape (`devices/import` before `devices/{id}`).
  const ordered = [...routes].sort(
    (a, b) => pathParameterNames(a.endpoint.path).length - pathParameterNames(b.endpoint.path).length,
  );
  for (const { endpoint, serve } of ordered) {
    const key = routeKeyOf(endpoint);
    if (seen.has(key)) throw new Error(`${key} is registered twice`);
    seen.add(key);
    const handler = serve(context);
    const middleware: RequestHandler[] = [...guards[endpoint.access]];
    if (endpoint.access !== 'public') middleware.push(displayAllowList(endpoint));
    if (isEnvironmentScoped(endpoint)) middleware.push(environmentScope(context));
    if (endpoint.capability) middleware.push(allow(endpoint, endpoint.refusal ?? HttpErrorKind.FORBIDDEN));
    // In unit and end-to-end tests (HALO_CHECK_ANSWERS=1) the contract cannot drift from what is sent.
    const checkAnswer = (answer: unknown) => {
      if (!context.config.checkAnswers || !endpoint.answer) return;
      const checked = endpoint.answer.safeParse(answer);
      if (!checked.success) throw new Error(`${key} answered outside its contract: ${checked.error.message}`);
    };
    const serveCall: RequestHandler = async (request, response) => {
      const callerGone = new AbortController();
      response.once('close', () => {
        if (!response.writableFinished) callerGone.abort();
      });
      try {
        await answer(request, response, callerGone.signal);
      } catch (error) {
        // Nobody is left to read an answer; the read stopped because of it (the browser left, a proxy gave up).
        if (callerGone.signal.aborted) return;
        throw error;
      }
    };
    const answer = async (request: Request, response: Response, signal: AbortSignal) => {
      const params = paramsOf(endpoint, request);
      const query = endpoint.query ? parseQuery(endpoint.query, request.query) : undefined;
      const body = endpoint.body ? parseBody(endpoint.body, request.body) : undefined;
      const reply = await handler({
        params,
        query,
        body,
        auth: callerOf(endpoint, request),
        request,
        signal,
      } as Call<EndpointSpec>);
      if (endpoint.kind === 'download') {
        const file = reply as FileAnswer;
        // Plain names go quoted as they are; anything else is encoded by Express (RFC 6266).
        if (PLAIN_FILE_NAME.test(file.fileName))
          response.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
        else response.attachment(file.fileName);
        response.type(file.contentType);
        if (file.data instanceof Uint8Array) {
          response.send(Buffer.from(file.data));
          return;
        }
        // A stream: written as it is read, with back-pressure, so memory stays flat however large.
        await pipeline(Readable.from(writableChunks(file.data)), response);
        return;
      }
      if (!(reply instanceof JsonAnswer)) {
        checkAnswer(reply);
        response.status(endpoint.status ?? 200).json(reply);
        return;
      }
      // In tests an answer is read whole to be checked, then sent whole.
      const answer = context.config.checkAnswers ? new JsonAnswer([await answerText(reply)]) : reply;
      if (context.config.checkAnswers) checkAnswer(JSON.parse(await answerText(answer)));
      response.status(endpoint.status ?? 200).type('json');
      if (!isWhole(answer.parts)) await sendChunks(response, answer.parts);
      // A large text goes out in slices with back-pressure: sent whole, its encoding and ETag
      // (a hash of every byte) held the loop for a 100,000-device answer's tens of MB.
      else if (sizeOf(answer.parts) <= JSON_TEXT_SLICE) response.send(await answerText(answer));
      else await pipeline(Readable.from(textSlices(...answer.parts)), response);
    };
    const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](expressPathOf(endpoint), ...middleware, serveCall);
  }
}
