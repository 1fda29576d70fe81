import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectConfiguration } from 'vitest/config';

/**
 * Each package's tests are of two kinds, told apart by one rule so that a new file lands in the
 * right one by itself:
 *
 * - integration (projects `<package>:integration`, `npm run test:integration`): a test file that
 *   imports, for more than its types, a harness that starts the provider or the gateway
 *   (`testing/testProvider`, `testing/adminSuite`, `testing/testGateway`, `testing/liveHarness`)
 *   or a client of another process (`pg`, `ioredis`, `better-sqlite3`, `node:child_process`).
 *   These need PostgreSQL and Redis up, the gateway built, and run on real time.
 * - unit (projects named after the package, `npm run test:unit`): every other test file. They
 *   need nothing but Node and finish in a couple of minutes: the ones a developer runs all day.
 *
 * `vitest run` alone runs both.
 */
const INTEGRATION_IMPORT = [
  /\/testing\/(testProvider|adminSuite|testGateway|liveHarness)(\.js)?$/,
  /^(pg|ioredis|better-sqlite3|node:child_process)$/,
];

/** Per package, what its integration tests need around the run. */
const INTEGRATION_SETUP: Readonly<Record<string, { globalSetup?: string[] }>> = {
  // The migrated databases every test provider starts from (testProvider.ts).
  provider: { globalSetup: ['src/testing/databaseTemplatesSetup.ts'] },
};

const PACKAGES = ['shared', 'provider', 'gateway', 'web'];
const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** `import x from 'm'`, `import { a, type B } from 'm'`, `import 'm'`, `import('m')`; group 1 set for `import type`. */
const IMPORT = /^\s*import\s+(type\s+)?(?:[^'"]*?\sfrom\s*)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]/gm;

function isIntegrationTest(path: string): boolean {
  for (const [, typeOnly, specifier, dynamic] of readFileSync(path, 'utf8').matchAll(IMPORT)) {
    const module = specifier ?? dynamic ?? '';
    if (!typeOnly && INTEGRATION_IMPORT.some((pattern) => pattern.test(module))) return true;
  }
  return false;
}

/** A package's test files (paths from the package's root), by kind. */
function testFilesByKind(pkg: string): { unit: string[]; integration: string[] } {
  const files = readdirSync(join(ROOT, pkg, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `src/${file.split('\\').join('/')}`);
  const integration = files.filter((file) => isIntegrationTest(join(ROOT, pkg, file)));
  return { unit: files.filter((file) => !integration.includes(file)), integration };
}

function projectsOf(pkg: string): TestProjectConfiguration[] {
  const { unit, integration } = testFilesByKind(pkg);
  const from = { extends: `./${pkg}/vitest.config.ts`, root: `./${pkg}` };
  const unitProject = {
    ...from,
    // Unit tests keep the processor busy: a worker per core.
    test: { exclude: [...configDefaults.exclude, ...integration], maxWorkers: availableParallelism() },
  };
  if (integration.length === 0) return [unitProject];
  const integrationProject = {
    ...from,
    test: {
      name: `${pkg}:integration`,
      exclude: [...configDefaults.exclude, ...unit],
      // Much of their time goes waiting on PostgreSQL, Redis and timers: one worker more than cores.
      maxWorkers: availableParallelism() + 1,
      // Projects of another worker count run in a group of their own: after the unit tests, in a `vitest run` of both.
      sequence: { groupOrder: 1 },
      ...INTEGRATION_SETUP[pkg],
    },
  };
  return [unitProject, integrationProject];
}

export default defineConfig({
  test: {
    projects: PACKAGES.flatMap(projectsOf),
  },
});
