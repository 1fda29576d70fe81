import { API, AuditResource, ErrorCode, SessionEndReason, validPassword, auditDetail } from '@halo/shared';
import { hashPassword } from '../../auth/passwords.js';
import { liveResetRequest, updateAccount } from '../../auth/passwordResets.js';
import { auditSecurityEvent, endUserSessions } from '../../auth/sessions.js';
import { refuse } from '../../errors/httpError.js';
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
  const user = await context.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('password_resets')
      .set({ used_at: now })
      .where('token_hash', '=', reset.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return null;
    const before = await trx.selectFrom('users').selectAll().where('id', '=', reset.user_id).executeTakeFirstOrThrow();
    // The user's other links are voided with it: an older link must not undo this password.
    return updateAccount(trx, before, { password_hash: passwordHash, updated_at: now }, now);
  });
  if (!user) throw refuse(ErrorCode.FORGOT_RESET);
  await endUserSessions(context, reset.user_id, SessionEndReason.LOGGED_OUT);
  await auditSecurityEvent(context, { user }, AuditResource.USER, auditDetail('passwordReset'));
  return { ok: true };
});
