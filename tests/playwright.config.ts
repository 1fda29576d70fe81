import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './fixtures/browser';

/**
 * End-to-end specs drive Debian's Chromium against real stacks (embedded provider on SQLite
 * plus gateway) that the fixtures start on free ports; nothing is mocked.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './results/artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    launchOptions: CHROMIUM_LAUNCH,
    trace: 'off',
    screenshot: 'only-on-failure',
    viewport: { width: 1366, height: 800 },
    // Times are shown in the browser's zone unless the user chooses one (issue 39, item 15): the
    // specs' browser is in UTC wherever they run, unless a spec says otherwise.
    timezoneId: 'UTC',
  },
});
