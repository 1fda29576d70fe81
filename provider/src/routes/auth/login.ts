import { API, AuditResource, ErrorCode, auditDetail } from '@halo/shared';
import {
  checkLock,
  clearFailures,
  lockedMessage,
  loginAttemptKey,
  PASSWORD_ATTEMPTS,
  recordFailure,
} from '../../auth/loginAttempts.js';
import { decoyPasswordHash, verifyPassword } from '../../auth/passwords.js';
import { auditSecurityEvent, loginResponse, openSession } from '../../auth/sessions.js';
import { allowedDeviceIds } from '../../store/allowedDevices.js';
import { refuse } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';

const INVALID_CREDENTIALS = 'Incorrect username or password';

/**
 * POST /auth/login: errors 1, 10 (with remaining_attempts) and 33 of spec section 8. Failures
 * count per account and source address (loginAttempts.ts). A disabled user's right password
 * is answered exactly like a wrong one, so it tells a stranger nothing.
 */
export const login = route(
  API.auth.login,
  (context) =>
    async ({ body: { username, password, environment_name }, request }) => {
      // The gateway (a trusted loopback proxy) names the browser's address in X-Forwarded-For.
      const key = loginAttemptKey(environment_name, username, request.ip ?? request.socket.remoteAddress ?? '');
      const lock = await checkLock(context, key);
      if (lock.kind === 'locked')
        throw refuse(ErrorCode.LOGIN_REFUSED, undefined, { message: lockedMessage(lock.retryAfterMs) });

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

      if (!user || !environment || !passwordMatches || user.is_disabled === 1) {
        if (user)
          await auditSecurityEvent(
            context,
            { user },
            AuditResource.SESSION,
            auditDetail(user.is_disabled === 1 && passwordMatches ? 'loginRefusedDisabled' : 'loginFailed'),
          );
        const outcome = await recordFailure(context, key, PASSWORD_ATTEMPTS);
        if (outcome.kind === 'locked')
          throw refuse(ErrorCode.LOGIN_REFUSED, undefined, { message: lockedMessage(outcome.retryAfterMs) });
        if (outcome.kind === 'countdown') {
          throw refuse(ErrorCode.LOGIN_LOCKED, { remaining_attempts: outcome.remaining });
        }
        throw refuse(ErrorCode.MISSING_VALUES, undefined, { message: INVALID_CREDENTIALS });
      }
      await clearFailures(context, key);
      if (environment.parent_id === null) context.consoleAddress.administratorSignedIn(request);
      const { token, session } = await openSession(context, user);
      await auditSecurityEvent(context, { user }, AuditResource.SESSION, auditDetail('loginSucceeded'));
      return loginResponse({ session, user, environment }, token, await allowedDeviceIds(context.db, user.id));
    },
);
