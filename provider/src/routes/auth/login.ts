import type { RequestHandler } from 'express';
import { AuditResource, ErrorCode, LoginRequestSchema } from '@halo/shared';
import { attemptKey, checkLock, clearFailures, lockedMessage, recordFailure } from '../../auth/loginAttempts.js';
import { decoyPasswordHash, verifyPassword } from '../../auth/passwords.js';
import { auditSecurityEvent, loginResponse, openSession } from '../../auth/sessions.js';
import type { ProviderContext } from '../../context.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';
import { badRequest } from '../../http/httpError.js';
import { parseBody } from '../../http/parse.js';

const INVALID_CREDENTIALS = 'Incorrect username or password';

/** POST /auth/login: errors 1, 10 (with remaining_attempts) and 33 of spec section 8. */
export function login(context: ProviderContext): RequestHandler {
  return async (request, response) => {
    const { username, password, environment_name } = parseBody(LoginRequestSchema, request.body);
    const key = attemptKey(environment_name, username);
    const lock = await checkLock(context, key);
    if (lock.kind === 'locked') throw badRequest(ErrorCode.LOGIN_REFUSED, lockedMessage(lock.retryAfterMs));

    const environment = await context.db
      .selectFrom('environments')
      .selectAll()
      .where('name', '=', environment_name)
      .executeTakeFirst();
    const user = environment
      ? await context.db
          .selectFrom('users')
          .selectAll()
          .where('environment_id', '=', environment.id)
          .where('username', '=', username)
          .executeTakeFirst()
      : undefined;
    // An unknown user costs one hash too, so timing does not tell them apart.
    const passwordMatches = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));

    if (!user || !environment || !passwordMatches) {
      if (user) await auditSecurityEvent(context, { user }, AuditResource.SESSION, 'login failed');
      const outcome = await recordFailure(context, key);
      if (outcome.kind === 'locked') throw badRequest(ErrorCode.LOGIN_REFUSED, lockedMessage(outcome.retryAfterMs));
      if (outcome.kind === 'countdown') {
        throw badRequest(ErrorCode.LOGIN_LOCKED, INVALID_CREDENTIALS, { remaining_attempts: outcome.remaining });
      }
      throw badRequest(ErrorCode.MISSING_VALUES, INVALID_CREDENTIALS);
    }
    if (user.is_disabled === 1) {
      throw badRequest(ErrorCode.LOGIN_REFUSED, 'This user is disabled. Contact your environment manager.');
    }
    await clearFailures(context, key);
    const { token, session } = await openSession(context, user);
    await auditSecurityEvent(context, { user }, AuditResource.SESSION, 'login');
    response.json(loginResponse({ session, user, environment }, token, await allowedDeviceIds(context.db, user.id)));
  };
}
