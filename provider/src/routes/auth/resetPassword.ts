import { API, AuditResource, ErrorCode, SessionEndReason, validPassword } from '@halo/shared';
import { hashPassword } from '../../auth/passwords.js';
import { liveResetRequest, voidResetLinks } from '../../auth/passwordResets.js';
import { auditSecurityEvent, endUserSessions } from '../../auth/sessions.js';
import { refuse } from '../../http/httpError.js';
import { route } from '../../http/endpointRoute.js';

/**
 * POST /auth/reset: sets a new password with a single-use token. A weak password is error
 * 32 and leaves the token usable; a used or expired token is error 2.
 */
export const resetPassword = route(API.auth.reset, (context) => async ({ body: { token, password } }) => {
  const reset = await liveResetRequest(context, token);
  if (validPassword(password, 'password')) {
    throw refuse(ErrorCode.PASSWORD_NOT_VALID);
  }
  const passwordHash = await hashPassword(password);
  const now = context.now();
  const consumed = await context.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', reset.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return false;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', reset.user_id)
      .execute();
    await voidResetLinks(trx, reset.user_id, now);
    return true;
  });
  if (!consumed) throw refuse(ErrorCode.FORGOT_RESET);
  await endUserSessions(context, reset.user_id, SessionEndReason.LOGGED_OUT);
  const user = await context.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', reset.user_id)
    .executeTakeFirstOrThrow();
  await auditSecurityEvent(context, { user }, AuditResource.USER, 'password reset');
  return { ok: true };
});
