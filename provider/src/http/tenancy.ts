import type { Request, RequestHandler } from 'express';
import { canCall, ErrorCode, HttpErrorKind, IdParamSchema, type EndpointSpec, type Subject } from '@halo/shared';
import type { Kysely } from 'kysely';
import { authenticated, sessionAuthority, type Authenticated } from '../auth/sessions.js';
import type { ProviderContext } from '../context.js';
import type { Database, EnvironmentRow } from '../store/schema.js';
import { refuse, refuseAs } from '../errors/httpError.js';

/** Environment trees are shallow; this bounds a walk even if data were ever cyclic. */
const MAX_DEPTH = 64;

export const environmentNotFound = () => refuse(ErrorCode.INVALID_TOKEN, undefined, { status: 404 });
export const idNotFound = () => refuse(ErrorCode.INVALID_ID, undefined, { status: 404 });
export const invalidId = () => refuse(ErrorCode.INVALID_ID);

export function parseId(raw: unknown): number {
  const parsed = IdParamSchema.safeParse(raw);
  if (!parsed.success || !/^\d+$/.test(String(raw))) throw invalidId();
  return parsed.data;
}

/** Whether `candidate` is `ancestor` itself or lies below it. */
export async function isSameOrDescendant(db: Kysely<Database>, ancestor: number, candidate: number): Promise<boolean> {
  let current: number | null = candidate;
  for (let depth = 0; current !== null && depth < MAX_DEPTH; depth += 1) {
    if (current === ancestor) return true;
    const row: { parent_id: number | null } | undefined = await db
      .selectFrom('environments')
      .select('parent_id')
      .where('id', '=', current)
      .executeTakeFirst();
    current = row?.parent_id ?? null;
  }
  return false;
}

/** `environmentId` and every environment above it, nearest first. */
export async function selfAndAncestors(db: Kysely<Database>, environmentId: number): Promise<EnvironmentRow[]> {
  const chain: EnvironmentRow[] = [];
  let current: number | null = environmentId;
  for (let depth = 0; current !== null && depth < MAX_DEPTH; depth += 1) {
    const row: EnvironmentRow | undefined = await db
      .selectFrom('environments')
      .selectAll()
      .where('id', '=', current)
      .executeTakeFirst();
    if (!row) break;
    chain.push(row);
    current = row.parent_id;
  }
  return chain;
}

/** Every environment below `root`, breadth first (root itself excluded). */
export async function descendantsOf(db: Kysely<Database>, root: number): Promise<EnvironmentRow[]> {
  const found: EnvironmentRow[] = [];
  let frontier = [root];
  for (let depth = 0; frontier.length > 0 && depth < MAX_DEPTH; depth += 1) {
    const children = await db
      .selectFrom('environments')
      .selectAll()
      .where('parent_id', 'in', frontier)
      .orderBy('id')
      .execute();
    found.push(...children);
    frontier = children.map((child) => child.id);
  }
  return found;
}

/** Whom a permission check asks about: the session's authority, not the user row's. */
export function subjectOf(auth: Authenticated): Subject {
  return {
    ...sessionAuthority(auth),
    realm_type: auth.environment.realm_type,
    user_id: auth.user.id,
  };
}

export interface Scoped extends Authenticated {
  /** The environment named by config/{environment_id}: the caller's own or a descendant. */
  readonly target: EnvironmentRow;
}

export function scoped(request: Request): Scoped {
  const value = (request as Request & { haloScope?: Scoped }).haloScope;
  if (!value) throw environmentNotFound();
  return value;
}

/**
 * config/{environment_id}: only the caller's own environment or one below it. Anything else,
 * a sibling included, is "not found" so foreign ids reveal nothing.
 */
export function environmentScope(context: ProviderContext): RequestHandler {
  return async (request, _response, next) => {
    try {
      const auth = authenticated(request);
      const environmentId = parseId(request.params.environmentId);
      const target = await context.db
        .selectFrom('environments')
        .selectAll()
        .where('id', '=', environmentId)
        .executeTakeFirst();
      if (!target || !(await isSameOrDescendant(context.db, auth.environment.id, target.id))) {
        throw environmentNotFound();
      }
      (request as Request & { haloScope?: Scoped }).haloScope = { ...auth, target };
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The section 6 permissions a call needs (every one), asked through the one shared `canCall()`; without one, `refusal`. */
export function allow(
  endpoint: Pick<EndpointSpec, 'capability'>,
  refusal: HttpErrorKind = HttpErrorKind.FORBIDDEN,
): RequestHandler {
  return (request, _response, next) => {
    next(canCall(subjectOf(authenticated(request)), endpoint) ? undefined : refuseAs(refusal));
  };
}
