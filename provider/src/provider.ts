import { createSecretBox, loadSecretKey } from './auth/secretBox.js';
import type { ProviderConfig } from './config.js';
import type { ProviderContext } from './context.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { bootstrapRootEnvironment } from './store/bootstrap.js';
import { openStore, type OpenStoreOptions, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';

export interface StartedProvider {
  readonly context: ProviderContext;
  readonly store: Store;
  readonly generatedPassword: string | undefined;
  close(): Promise<void>;
}

/** Opens and migrates the store, then creates the root environment on first start. */
export async function startProvider(
  config: ProviderConfig,
  options: { store?: Partial<OpenStoreOptions>; mailer?: Mailer; now?: () => number } = {},
): Promise<StartedProvider> {
  const store = openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, ...options.store });
  try {
    await migrateToLatest(store);
    const context: ProviderContext = {
      db: store.db,
      dialect: store.dialect,
      config,
      secrets: createSecretBox(loadSecretKey(config.dataDir, config.secretKey)),
      mailer:
        options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, dataDir: config.dataDir }),
      now: options.now ?? Date.now,
    };
    const { generatedPassword } = await bootstrapRootEnvironment(context);
    return { context, store, generatedPassword, close: () => store.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}
