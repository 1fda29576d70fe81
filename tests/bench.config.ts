import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './fixtures/browser';

/** Benchmarks: they start their own stacks, print their figures and assert nothing about speed. */
export default defineConfig({
  testDir: './bench',
  testMatch: '*.bench.ts',
  outputDir: './results/bench-artifacts',
  workers: 1,
  retries: 0,
  timeout: 15 * 60_000,
  // Benches run large stacks on a shared 2-core machine: a screen may take longer than the default 5 s to show.
  expect: { timeout: 60_000 },
  reporter: [['list']],
  use: { launchOptions: CHROMIUM_LAUNCH, viewport: { width: 1600, height: 900 } },
});
