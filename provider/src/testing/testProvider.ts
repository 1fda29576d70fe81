import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, apiPaths } from '@halo/shared';
import supertest from 'supertest';
import { inject } from 'vitest';
import { createProviderApp } from '../app.js';
import { useTestPasswordCost } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { startProvider, type StartedProvider } from '../provider.js';
import { copyPostgresTemplate, copySqliteTemplate, type DatabaseTemplates } from './databaseTemplates.js';

// Every suite that starts a test provider hashes at the test cost (passwords.ts).
useTestPasswordCost();

export const TEST_ADMIN_PASSWORD = 'Admin-Passw0rd!';
export { TEST_POSTGRES_URL } from './databaseTemplates.js';

/** Both storage back-ends the provider supports; every provider suite runs against each. */
export const DIALECTS = ['sqlite', 'postgres'] as const;
export type TestDialect = (typeof DIALECTS)[number];

export interface TestProvider {
  readonly provider: StartedProvider;
  readonly api: ReturnType<typeof supertest>;
  readonly clock: { now: number };
  readonly mail: MailMessage[];
  stop(): Promise<void>;
}

/** The run's migrated databases, made by the integration projects' global setup (databaseTemplatesSetup.ts). */
function databaseTemplates(): DatabaseTemplates {
  const templates = inject('haloDatabaseTemplates');
  if (!templates) throw new Error('No database templates: run provider tests through the root vitest.config.ts');
  return templates;
}

/**
 * A provider on a fresh database (a temp SQLite file or a new PostgreSQL database, each a copy
 * of the run's migrated template, so its start finds nothing to migrate) with a settable clock.
 * A test that names its own HALO_DATA_DIR gets a new, unmigrated store there, as in production.
 */
export async function startTestProvider(
  dialect: TestDialect,
  env: Record<string, string> = {},
  mailer?: Mailer,
): Promise<TestProvider> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halo-provider-test-'));
  const templates = databaseTemplates();
  const postgres = dialect === 'postgres' ? await copyPostgresTemplate(templates) : undefined;
  if (dialect === 'sqlite' && env.HALO_DATA_DIR === undefined) copySqliteTemplate(templates, dataDir);
  const config = loadConfig({
    HALO_DATA_DIR: dataDir,
    HALO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    HALO_ADMIN_EMAIL: 'admin@example.test',
    HALO_PUBLIC_URL: 'http://console.example.test',
    DATABASE_URL: postgres?.url ?? '',
    HALO_CHECK_ANSWERS: '1',
    ...env,
  });
  const clock = { now: Date.UTC(2026, 10, 23, 12, 0, 0) };
  const mail: MailMessage[] = [];
  const provider = await startProvider(config, {
    mailer: mailer ?? {
      kind: 'outbox',
      send: (message) => {
        mail.push(message);
        return Promise.resolve();
      },
    },
    now: () => clock.now,
  }).catch(async (error: unknown) => {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const api = supertest(createProviderApp(provider.context));
  return {
    provider,
    api,
    clock,
    mail,
    async stop() {
      await provider.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function loginAs(
  api: TestProvider['api'],
  username = 'admin',
  password = TEST_ADMIN_PASSWORD,
  environmentName = 'root',
) {
  const response = await api
    .post(`${API_BASE}${apiPaths.auth.login}`)
    .send({ username, password, environment_name: environmentName })
    .expect(200);
  const body = response.body as { token: { access_token: string; token_type: string } };
  return {
    body: response.body as Record<string, unknown>,
    authorization: `${body.token.token_type} ${body.token.access_token}`,
  };
}
