import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AuditAction, AuditResource, featuresOfReach, validPassword, auditDetail } from '@halo/shared';
import { hashPassword } from './auth/passwords.js';
import type { ProviderContext } from './context.js';
import { writeAudit } from './store/audit.js';
import { storedFeatures } from './store/environmentFeatures.js';
import { insertEnvironmentWithManager } from './store/environments.js';

export const ROOT_ENVIRONMENT_NAME = 'root';
export const ROOT_MANAGER_USERNAME = 'admin';

/** A password that satisfies the section 5 rule: every character class, 24 characters. */
export function generatePassword(): string {
  const base = randomBytes(18).toString('base64url');
  return `${base}aA1!`;
}

/**
 * The realm type is the installation's (HALO_REALM_TYPE): a changed setting reaches every
 * environment on the next start, as sub-environments inherit it when created.
 */
async function applyRealmType(context: ProviderContext): Promise<void> {
  await context.db
    .updateTable('environments')
    .set({ realm_type: context.config.rootRealmType })
    .where('realm_type', '!=', context.config.rootRealmType)
    .execute();
}

/** Whether the store holds an environment yet (the root is the first one made). */
async function hasEnvironment(db: Pick<ProviderContext['db'], 'selectFrom'>): Promise<boolean> {
  return (await db.selectFrom('environments').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * First start: environment `root` (realm type from configuration, both HeatSight features) with its manager `admin`.
 * Answers the generated password when one was generated, so the caller prints it once.
 */
export async function bootstrapRootEnvironment(context: ProviderContext): Promise<{ generatedPassword?: string }> {
  // Every later start ends here, without hashing a password it would not use.
  if (await hasEnvironment(context.db)) {
    await applyRealmType(context);
    return {};
  }
  const configured = context.config.adminPassword;
  if (configured && validPassword(configured, 'password')) {
    throw new Error(
      'HALO_ADMIN_PASSWORD does not meet the password rule: 8-128 characters with upper case, lower case, digit and special character',
    );
  }
  const password = configured ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const now = context.now();
  const created = await context.db.transaction().execute(async (trx) => {
    // Two providers starting together on one PostgreSQL: one creates the root, the other waits
    // for it here and then finds it (SQLite is one provider's file).
    if (context.dialect === 'postgres')
      await sql`select pg_advisory_xact_lock(hashtext('halo_bootstrap'))`.execute(trx);
    // Asked again under the lock: another provider may have made it meanwhile.
    if (await hasEnvironment(trx)) return false;
    const { environment, managerId } = await insertEnvironmentWithManager(
      trx,
      {
        environment: {
          name: ROOT_ENVIRONMENT_NAME,
          parent_id: null,
          description: 'Root environment',
          ca_server_address: null,
          realm_type: context.config.rootRealmType,
          enabled_feature_ids: storedFeatures(featuresOfReach('descendants')),
        },
        manager: {
          username: ROOT_MANAGER_USERNAME,
          name: 'Administrator',
          email: context.config.adminEmail ?? null,
          passwordHash,
          createdBy: null,
        },
      },
      now,
    );
    await writeAudit(
      trx,
      {
        environmentId: environment.id,
        userId: managerId,
        username: ROOT_MANAGER_USERNAME,
        resource: AuditResource.ENVIRONMENT,
        action: AuditAction.CREATE,
        name: ROOT_ENVIRONMENT_NAME,
        detail: auditDetail('createdOnFirstStart'),
      },
      now,
    );
    return true;
  });
  if (!created) {
    // Made by another provider starting at the same moment: as on any later start.
    await applyRealmType(context);
    return {};
  }
  return configured ? {} : { generatedPassword: password };
}
