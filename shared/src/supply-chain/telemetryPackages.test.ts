import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

/**
 * The console runs on-premises and air-gapped, and says nothing leaves the machine: the tree it
 * installs must carry no package that reports installs or usage. Install-time reporting needs
 * an install script, so those are an allow-list (package.json `allowScripts`); run-time
 * reporting cannot be seen from the outside, so the packages known for it are named, each
 * with why.
 */
const TELEMETRY_PACKAGES: Readonly<Record<string, string>> = {
  '@scarf/scarf': 'its postinstall reports every install (package, version, the installing network) to scarf.sh',
  opencollective: 'its postinstall fetched and printed figures from opencollective.com',
  'checkpoint-client': 'Prisma’s version and usage check-in, sent at run time',
  '@nuxt/telemetry': 'Nuxt’s usage reports, on unless turned off',
  '@storybook/telemetry': 'Storybook’s usage and crash reports, on unless turned off',
  'gatsby-telemetry': 'Gatsby’s usage reports, on unless turned off',
  '@astrojs/telemetry': 'Astro’s usage reports, on unless turned off',
  '@redwoodjs/telemetry': 'RedwoodJS’s usage reports, on unless turned off',
  next: 'Next.js collects usage telemetry unless turned off',
  turbo: 'Turborepo collects usage telemetry unless turned off',
  insight: 'usage tracking for command-line tools (Google Analytics)',
  'universal-analytics': 'a Google Analytics client',
  'analytics-node': 'a Segment analytics client',
  '@segment/analytics-node': 'a Segment analytics client',
  'posthog-node': 'a PostHog analytics client',
  mixpanel: 'a Mixpanel analytics client',
  '@amplitude/analytics-node': 'an Amplitude analytics client',
  applicationinsights: 'an Azure Application Insights client',
  '@sentry/node': 'sends error reports to a Sentry service',
  '@sentry/browser': 'sends error reports to a Sentry service',
};

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface LockEntry {
  readonly name?: string;
  readonly version?: string;
  readonly resolved?: string;
  readonly integrity?: string;
  readonly link?: boolean;
  readonly hasInstallScript?: boolean;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');
const manifest = readJson<{ overrides?: Record<string, unknown>; allowScripts?: Record<string, boolean> }>(
  'package.json',
);

/** The package a lockfile entry installs: its own name when it stands in another's place (an override), else its folder's. */
function installedName(path: string, entry: LockEntry): string {
  return entry.name ?? path.split('node_modules/').at(-1) ?? path;
}

const installed = Object.entries(lock.packages)
  .filter(([path, entry]) => path.includes('node_modules/') && !entry.link)
  .map(([path, entry]) => ({ path, entry, name: installedName(path, entry) }));

/** The files of a .tgz package: name and text. */
function filesOfTarball(path: string): Map<string, string> {
  const archive = gunzipSync(readFileSync(join(ROOT, path)));
  const files = new Map<string, string>();
  for (let offset = 0; offset + 512 <= archive.length;) {
    const header = archive.subarray(offset, offset + 512);
    const name = header.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    if (name === '') break;
    const size = Number.parseInt(header.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim(), 8);
    files.set(name, archive.subarray(offset + 512, offset + 512 + size).toString('utf8'));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe('the installed tree', () => {
  it('reads the lockfile (the scan itself works)', () => {
    expect(installed.length).toBeGreaterThan(100);
    expect(installed.some(({ name }) => name === 'swagger-ui-dist')).toBe(true);
  });

  it.each(Object.entries(TELEMETRY_PACKAGES))('carries no %s (%s)', (telemetryPackage) => {
    expect(installed.filter(({ name }) => name === telemetryPackage).map(({ path }) => path)).toEqual([]);
  });

  it('runs install scripts only of the packages package.json allows (allowScripts)', () => {
    const allowed = new Set(Object.keys(manifest.allowScripts ?? {}));
    const scripted = installed.filter(({ entry }) => entry.hasInstallScript).map(({ name }) => name);
    expect(scripted.filter((name) => !allowed.has(name))).toEqual([]);
  });

  it('fills the place of a removed package with the empty stand-in kept in this repository', () => {
    const standIns = installed.filter(({ entry }) => entry.resolved?.startsWith('file:'));
    expect(standIns.length).toBeGreaterThan(0);
    for (const { path, entry } of standIns) {
      const tarball = entry.resolved!.slice('file:'.length);
      // The lockfile pins the file in the repository: the same bytes, or `npm ci` refuses.
      const digest = `sha512-${createHash('sha512')
        .update(readFileSync(join(ROOT, tarball)))
        .digest('base64')}`;
      expect({ path, integrity: entry.integrity }).toEqual({ path, integrity: digest });
      const files = filesOfTarball(tarball);
      expect([...files.keys()]).toEqual(['package/package.json']);
      const standIn = JSON.parse(files.get('package/package.json')!) as Record<string, unknown>;
      expect(standIn).toEqual(readJson('gateway/vendor/empty-package/package.json'));
      for (const key of ['scripts', 'dependencies', 'main', 'bin', 'exports']) expect(standIn[key]).toBeUndefined();
    }
  });
});
