import type { Kysely } from 'kysely';
import type { SecretBox } from './auth/secretBox.js';
import type { ProviderConfig } from './config.js';
import type { Mailer } from './mail/mailer.js';
import type { Database } from './store/schema.js';

/** What every handler may use: storage, configuration, secrets, mail and the time. */
export interface ProviderContext {
  readonly db: Kysely<Database>;
  readonly config: ProviderConfig;
  readonly secrets: SecretBox;
  readonly mailer: Mailer;
  readonly now: () => number;
}
