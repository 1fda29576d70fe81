import type { Kysely } from 'kysely';
import type { SecretBox } from './auth/secretBox.js';
import type { ConsoleAddress } from './http/consoleAddress.js';
import type { ProviderConfig } from './config.js';
import type { Mailer } from './mail/mailer.js';
import type { DeliveryLanes } from './net/deliveryLanes.js';
import type { SimulatorControl } from './simulator/simulatorControl.js';
import type { Dialect } from './store/database.js';
import type { ReadPool } from './store/readPool.js';
import type { Database } from './store/schema.js';

/** What every handler may use: storage, configuration, secrets, mail and the time. */
export interface ProviderContext {
  readonly db: Kysely<Database>;
  /** Which database `db` speaks to, for the few queries written differently for each. */
  readonly dialect: Dialect;
  /** Where heavy reads (log pages and exports, usage, devices_state) run, under a budget. */
  readonly reads: ReadPool;
  readonly config: ProviderConfig;
  readonly secrets: SecretBox;
  readonly mailer: Mailer;
  /** Where outbound deliveries run, each target in its own lane, a tenant's share capped. */
  readonly deliveries: DeliveryLanes;
  readonly now: () => number;
  /** The fleet simulator's controls for the API, when one runs (simulatorControl.ts). */
  readonly simulator: SimulatorControl;
  /** Where links in mail, webhooks and wall-display URLs point (consoleAddress.ts). */
  readonly consoleAddress: ConsoleAddress;
}
