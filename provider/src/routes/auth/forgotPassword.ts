import { API, PASSWORD_RESET_TOKEN_TTL_MS } from '@halo/shared';
import { newToken } from '../../auth/tokens.js';
import { route } from '../../http/endpointRoute.js';
import { accountLinkMail } from '../../mail/accountLinkMail.js';
import { log } from '../../log.js';

/**
 * POST /auth/forgot: mails a single-use reset link to every enabled user with the address,
 * each naming its account and environment (managers of two environments may share one).
 * The answer is the same whether or not anyone has it, and nothing is sent when nobody does.
 */
export const forgotPassword = route(API.auth.forgot, (context) => async ({ body: { email } }) => {
  const users = await context.db
    .selectFrom('users')
    .innerJoin('environments', 'environments.id', 'users.environment_id')
    .select(['users.id', 'users.username', 'users.email', 'environments.name as environment_name'])
    .where((eb) => eb(eb.fn('lower', ['users.email']), '=', email.trim().toLowerCase()))
    .where('users.is_disabled', '=', 0)
    .execute();
  const now = context.now();
  for (const user of users) {
    const { token, hash } = newToken();
    await context.db
      .insertInto('password_resets')
      .values({ token_hash: hash, user_id: user.id, expires_at: now + PASSWORD_RESET_TOKEN_TTL_MS, created_at: now })
      .execute();
    const mail = accountLinkMail('passwordReset', {
      to: user.email ?? email,
      username: user.username,
      environment: user.environment_name,
      link: `${context.consoleAddress.forEveryone()}/reset/${token}`,
      validMinutes: Math.round(PASSWORD_RESET_TOKEN_TTL_MS / 60_000),
    });
    try {
      await context.mailer.send(mail);
    } catch (error) {
      // The answer must not differ; the operator sees the failure in the log.
      log.error({ err: error }, 'password reset mail failed');
    }
  }
  return { ok: true, message: 'If an account has this address, an e-mail with instructions was sent.' };
});
