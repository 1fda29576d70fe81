import { afterEach, beforeEach } from 'vitest';
import { configCall, type ConfigMethod } from './configCall.js';
import { as, type Actor } from './people.js';
import { startTestProvider, TEST_ADMIN_PASSWORD, type TestDialect, type TestProvider } from './testProvider.js';

/** What a suite's tests reach: read them inside a test (they change before each one). */
export interface AdminSuite {
  /** A provider on a fresh database. */
  readonly provider: TestProvider;
  /** root's manager, logged in. */
  readonly admin: Actor;
  /** A call under config/{environment_id} as `actor`. */
  send(actor: Actor, method: ConfigMethod, path: string, body?: object): ReturnType<typeof configCall>;
}

/**
 * Each test of the calling `describe` gets a provider of its own on `dialect`, with root's
 * manager logged in, stopped after the test. Further `beforeEach` hooks of the suite run after
 * this one, so they may use it.
 */
export function useAdminSuite(dialect: TestDialect, env: Record<string, string> = {}): AdminSuite {
  let provider: TestProvider | undefined;
  let admin: Actor | undefined;
  beforeEach(async () => {
    provider = await startTestProvider(dialect, env);
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
  });
  afterEach(async () => {
    await provider?.stop();
    provider = undefined;
    admin = undefined;
  });
  const started = () => {
    if (!provider || !admin) throw new Error('useAdminSuite: read the suite inside a test');
    return { provider, admin };
  };
  return {
    get provider() {
      return started().provider;
    },
    get admin() {
      return started().admin;
    },
    send: (actor, method, path, body) => configCall(started().provider.api, actor, method, path, body),
  };
}
