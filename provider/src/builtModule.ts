import { existsSync } from 'node:fs';

/**
 * A module's compiled file, as a worker thread loads it (a worker runs JavaScript only): the
 * module itself when this code runs from the build; under vitest (the sources run) the build
 * beside the sources when there is one (`tsc -b`, as the integration tests need), else null.
 */
export function builtModuleUrl(module: URL): string | null {
  if (!module.href.endsWith('.ts')) return module.href;
  const built = new URL(module.href.replace('/src/', '/dist/').replace(/\.ts$/, '.js'));
  return existsSync(built) ? built.href : null;
}
