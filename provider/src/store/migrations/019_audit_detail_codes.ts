import { sql, type Kysely } from 'kysely';

/**
 * Audit details the product writes become a code and parameters (shared logs/auditDetail.ts),
 * so each reader sees them in their own language; `detail` keeps the en-US text. Security
 * events named the event in `name` ('login failed'): they now name the account and carry the
 * event as their detail. Rows written before are given codes where their text is one of the
 * product's fixed ones; a text with values in it stays as it was written.
 */
const SECURITY_EVENTS: Readonly<Record<string, string>> = {
  login: 'loginSucceeded',
  'login failed': 'loginFailed',
  'login refused: disabled': 'loginRefusedDisabled',
  logout: 'logout',
  'password reset': 'passwordReset',
  '2FA setup started': 'twoFactorSetupStarted',
  '2FA activated': 'twoFactorActivated',
  '2FA deactivated': 'twoFactorDeactivated',
  '2FA verified': 'twoFactorVerified',
  '2FA verification failed': 'twoFactorVerificationFailed',
  '2FA locked after too many wrong codes': 'twoFactorLocked',
};

const FIXED_DETAILS: Readonly<Record<string, string>> = {
  'wall display': 'wallDisplay',
  'created on first start': 'createdOnFirstStart',
  '2FA deactivated by a manager': 'twoFactorDeactivatedByManager',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('user_audits').addColumn('detail_code', 'varchar(64)').execute();
  await db.schema.alterTable('user_audits').addColumn('detail_params', 'text').execute();
  await convertEarlierRows(db);
}

/** Gives the rows written before this migration their codes, where their text is one of the product's fixed ones. */
export async function convertEarlierRows(db: Kysely<unknown>): Promise<void> {
  for (const [name, code] of Object.entries(SECURITY_EVENTS)) {
    await sql`update user_audits set detail_code = ${code}, name = coalesce(username, name)
      where action = 'event' and name = ${name} and detail is null`.execute(db);
  }
  for (const [detail, code] of Object.entries(FIXED_DETAILS)) {
    await sql`update user_audits set detail_code = ${code} where detail = ${detail}`.execute(db);
  }
}
