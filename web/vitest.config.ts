import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: {
    alias: { '@halo/shared': fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
  },
  define: { __HALO_UI_VERSION__: JSON.stringify('test') },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/testingLibrarySetup.ts'],
    // Times are shown in the browser's zone unless the user chooses one (issue 39, item 15): the
    // tests' browser is in UTC wherever they run.
    env: { TZ: 'UTC' },
    // A wait may take up to asyncUtilTimeout (testingLibrarySetup.ts); a test holds a few.
    testTimeout: 20_000,
  },
});
