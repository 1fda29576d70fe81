import { API, AuditResource, EMAIL_CONFIRMATION_TTL_MS, ErrorCode, auditDetail } from '@halo/shared';
import { updateAccount } from '../../auth/passwordResets.js';
import { auditSecurityEvent } from '../../auth/sessions.js';
import { hashToken, newToken } from '../../auth/tokens.js';
import { forbidden, refuse } from '../../errors/httpError.js';
import { route } from '../../http/endpointRoute.js';
import { log } from '../../log.js';
import { accountLinkMail } from '../../mail/accountLinkMail.js';
import { assertEmailFree } from '../../store/uniqueness.js';
import { notificationSettingsOf } from './notificationSettings.js';

/**
 * A manager's own e-mail address, changed as a password is reset (issue 39, item 1): the new
 * address gets a single-use link, and the account's address changes only when it is opened, so
 * a mistyped or someone else's address never takes the alarm mail. Asking again voids the
 * earlier link; a password reset link of the account is voided once the address changes
 * (updateAccount).
 */

/** POST notification_settings/email: a manager asks for a new address; the link goes to it. */
export const changeEmail = route(API.notifications.changeEmail, (context) => async ({ auth, body, request }) => {
  const { user } = auth;
  if (user.environment_manager !== 1)
    throw forbidden("An ordinary user's e-mail address is set by whoever manages users");
  const email = body.email.trim();
  await assertEmailFree(context.db, user.environment_id, email, user.id);
  const environment = await context.db
    .selectFrom('environments')
    .select('name')
    .where('id', '=', user.environment_id)
    .executeTakeFirstOrThrow();
  const { token, hash } = newToken();
  const now = context.now();
  await context.db.transaction().execute(async (trx) => {
    // One link at a time: the last address asked for is the one a link can set.
    await trx
      .updateTable('email_changes')
      .set({ used_at: now })
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_changes')
      .values({
        token_hash: hash,
        user_id: user.id,
        email,
        expires_at: now + EMAIL_CONFIRMATION_TTL_MS,
        created_at: now,
      })
      .execute();
  });
  const mail = accountLinkMail('emailChange', {
    to: email,
    username: user.username,
    environment: environment.name,
    link: `${context.consoleAddress.forCaller(request)}/confirm-email/${token}`,
    validMinutes: Math.round(EMAIL_CONFIRMATION_TTL_MS / 60_000),
  });
  try {
    await context.mailer.send(mail);
  } catch (error) {
    // The link stays valid; the form says where it went and the manager may ask again.
    log.error({ err: error }, 'e-mail confirmation mail failed');
  }
  await auditSecurityEvent(context, auth, AuditResource.USER, auditDetail('emailChangeRequested'));
  return notificationSettingsOf(context, user);
});

/** POST auth/confirm_email: the link's token sets the address it was sent to; used once. */
export const confirmEmail = route(API.notifications.confirmEmail, (context) => async ({ body: { token } }) => {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) throw refuse(ErrorCode.FORGOT_RESET);
  const now = context.now();
  const change = await context.db
    .selectFrom('email_changes')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!change || change.used_at !== null || change.expires_at <= now) throw refuse(ErrorCode.FORGOT_RESET);
  const before = await context.db.selectFrom('users').selectAll().where('id', '=', change.user_id).executeTakeFirst();
  if (!before) throw refuse(ErrorCode.FORGOT_RESET);
  // Taken meanwhile by another account of the environment: refused, and the link stays usable.
  await assertEmailFree(context.db, before.environment_id, change.email, before.id);
  const user = await context.db.transaction().execute(async (trx) => {
    const marked = await trx
      .updateTable('email_changes')
      .set({ used_at: now })
      .where('token_hash', '=', change.token_hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return null;
    return updateAccount(trx, before, { email: change.email, updated_at: now }, now);
  });
  if (!user) throw refuse(ErrorCode.FORGOT_RESET);
  await auditSecurityEvent(context, { user }, AuditResource.USER, auditDetail('emailChanged'));
  return { ok: true, email: change.email };
});
