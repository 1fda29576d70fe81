import { resolve } from 'node:path';
import { z } from 'zod';
import { SESSION_IDLE_TIMEOUT_MS } from '@halo/shared';

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));
const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const EnvironmentSchema = z.object({
  HALO_PROVIDER_PORT: port(8081),
  HALO_PROVIDER_HOST: z.string().default('127.0.0.1'),
  HALO_PORT: port(8080),
  HALO_DATA_DIR: z.string().default('./data'),
  HALO_PUBLIC_URL: optionalText,
  DATABASE_URL: optionalText,
  SMTP_URL: optionalText,
  HALO_MAIL_FROM: z.string().default('Halo Console <no-reply@localhost>'),
  HALO_ADMIN_PASSWORD: optionalText,
  HALO_ADMIN_EMAIL: optionalText,
  HALO_REALM_TYPE: z.coerce.number().int().min(1).default(1),
  HALO_SESSION_IDLE_MS: z.coerce.number().int().min(1000).default(SESSION_IDLE_TIMEOUT_MS),
  HALO_SECRET_KEY: optionalText,
});

export interface ProviderConfig {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly publicUrl: string;
  readonly databaseUrl: string | undefined;
  readonly smtpUrl: string | undefined;
  readonly smtpFrom: string;
  readonly adminPassword: string | undefined;
  readonly adminEmail: string | undefined;
  readonly rootRealmType: number;
  readonly sessionIdleMs: number;
  /** Key material for secrets kept encrypted at rest; generated into the data dir when unset. */
  readonly secretKey: string | undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ProviderConfig {
  const parsed = EnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid provider configuration: ${problems}`);
  }
  const values = parsed.data;
  return {
    port: values.HALO_PROVIDER_PORT,
    host: values.HALO_PROVIDER_HOST,
    dataDir: resolve(values.HALO_DATA_DIR),
    publicUrl: (values.HALO_PUBLIC_URL ?? `http://localhost:${values.HALO_PORT}`).replace(/\/+$/, ''),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    smtpFrom: values.HALO_MAIL_FROM,
    adminPassword: values.HALO_ADMIN_PASSWORD,
    adminEmail: values.HALO_ADMIN_EMAIL,
    rootRealmType: values.HALO_REALM_TYPE,
    sessionIdleMs: values.HALO_SESSION_IDLE_MS,
    secretKey: values.HALO_SECRET_KEY,
  };
}
