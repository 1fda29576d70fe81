import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BASE, apiPaths } from '@halo/shared';
import pg from 'pg';
import supertest from 'supertest';
import { createProviderApp } from '../app.js';
import { useTestPasswordCost } from '../auth/passwords.js';
import { loadConfig } from '../config.js';
import type { Mailer, MailMessage } from '../mail/mailer.js';
import { startProvider, type StartedProvider } from '../provider.js';

// Every suite that starts a test provider hashes at the test cost (passwords.ts).
useTestPasswordCost();

export const TEST_ADMIN_PASSWORD = 'Admin-Passw0rd!';
export const TEST_POSTGRES_URL = process.env.HALO_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

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

/** A provider on a fresh database (a temp SQLite file or a new PostgreSQL schema) with a settable clock. */
export async function startTestProvider(
  dialect: TestDialect,
  env: Record<string, string> = {},
  mailer?: Mailer,
): Promise<TestProvider> {
  const dataDir = mkdtempSync(join(tmpdir(), 'halo-provider-test-'));
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  if (dialect === 'postgres') {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const config = loadConfig({
    HALO_DATA_DIR: dataDir,
    HALO_ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    HALO_ADMIN_EMAIL: 'admin@example.test',
    HALO_PUBLIC_URL: 'http://console.example.test',
    DATABASE_URL: dialect === 'postgres' ? TEST_POSTGRES_URL : '',
    HALO_CHECK_ANSWERS: '1',
    ...env,
  });
  const clock = { now: Date.UTC(2026, 10, 23, 12, 0, 0) };
  const mail: MailMessage[] = [];
  const provider = await startProvider(config, {
    store: dialect === 'postgres' ? { postgresSchema: schema } : {},
    mailer: mailer ?? {
      kind: 'outbox',
      send: (message) => {
        mail.push(message);
        return Promise.resolve();
      },
    },
    now: () => clock.now,
  });
  const api = supertest(createProviderApp(provider.context));
  return {
    provider,
    api,
    clock,
    mail,
    async stop() {
      await provider.close();
      if (dialect === 'postgres') {
        const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
        await client.connect();
        await client.query(`DROP SCHEMA ${schema} CASCADE`);
        await client.end();
      }
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
