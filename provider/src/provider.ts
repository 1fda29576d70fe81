import { ConsoleAddress } from './http/consoleAddress.js';
import { createSecretBox, loadSecretKey } from './auth/secretBox.js';
import type { ProviderConfig } from './config.js';
import type { ProviderContext } from './context.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { bootstrapRootEnvironment } from './bootstrap.js';
import { openStore, type OpenStoreOptions, type Store } from './store/database.js';
import { migrateToLatest } from './store/migrate.js';
import { sweepImportStages } from './store/deviceImportStage.js';
import { sweepImportUploads } from './store/importUploads.js';
import { openDataDir } from './store/privateDataDir.js';
import { createSimulatorControl } from './simulator/simulatorControl.js';
import { log } from './log.js';
import { DeliveryLanes } from './net/deliveryLanes.js';

export interface StartedProvider {
  readonly context: ProviderContext;
  readonly store: Store;
  readonly generatedPassword: string | undefined;
  close(): Promise<void>;
}

/**
 * Opens the data dir (0700; a warning when an existing one is open to others), opens and
 * migrates the store, sweeps the stages and files of device imports a crash cut off, then creates the
 * root environment on first start.
 */
export async function startProvider(
  config: ProviderConfig,
  options: { store?: Partial<OpenStoreOptions>; mailer?: Mailer; now?: () => number } = {},
): Promise<StartedProvider> {
  openDataDir(config.dataDir, log);
  const store = openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    readPool: config.readPool,
    ...options.store,
  });
  try {
    await migrateToLatest(store);
    // A device import a crash cut off left only its stage: none of its rows became devices.
    const startedAt = (options.now ?? Date.now)();
    const swept = await sweepImportStages(store.db, store.dialect, startedAt);
    if (swept > 0) log.info(`Removed ${swept} staged rows of device imports a stop cut off`);
    const files = await sweepImportUploads(config.dataDir, store.dialect, startedAt);
    if (files > 0) log.info(`Removed ${files} files of device imports a stop cut off`);
    const context: ProviderContext = {
      db: store.db,
      dialect: store.dialect,
      reads: store.reads,
      config,
      secrets: createSecretBox(loadSecretKey(config.dataDir, config.secretKey)),
      mailer:
        options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom, dataDir: config.dataDir }),
      deliveries: new DeliveryLanes(config.deliveries),
      now: options.now ?? Date.now,
      simulator: createSimulatorControl(),
      consoleAddress: new ConsoleAddress(config.publicUrl, config.localUrl),
    };
    const { generatedPassword } = await bootstrapRootEnvironment(context);
    return { context, store, generatedPassword, close: () => store.close() };
  } catch (error) {
    await store.close();
    throw error;
  }
}
