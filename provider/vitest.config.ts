import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    alias: [
      {
        find: /^@halo\/shared\/logging$/,
        replacement: fileURLToPath(new URL('../shared/src/logging/index.ts', import.meta.url)),
      },
      { find: /^@halo\/shared$/, replacement: fileURLToPath(new URL('../shared/src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    name: 'provider',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Request lines and expected refusals would drown the test report; failures still show.
    env: { HALO_LOG_LEVEL: 'error' },
  },
});
