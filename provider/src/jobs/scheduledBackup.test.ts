import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkBackup, MANIFEST_FILE } from '../backup/backup.js';
import { DIALECTS, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { backUpAndRotate, runScheduledBackup } from './scheduledBackup.js';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 30_000 });

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 2, 0, 0));

describe.each(DIALECTS)('scheduled backups with rotation on %s', (dialect) => {
  let provider: TestProvider;
  let directory: string;
  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'halo-backups-'));
    provider = await startTestProvider(dialect, { HALO_BACKUP_DIR: directory, HALO_BACKUP_KEEP: '2' });
  });
  afterEach(async () => {
    await provider.stop();
    rmSync(directory, { recursive: true, force: true });
  });
  const place = () => ({
    dataDir: provider.provider.context.config.dataDir,
    databaseUrl: provider.provider.context.config.databaseUrl,
  });
  const complete = () =>
    readdirSync(directory)
      .filter((name) => existsSync(join(directory, name, MANIFEST_FILE)))
      .sort();

  it('keeps the KEEP newest complete backups; an unfinished one and other files are left alone', async () => {
    // A backup killed half-way long ago (no manifest) and an operator's notes.
    mkdirSync(join(directory, 'halo-2026-01-01T02-00-00-000Z'));
    writeFileSync(join(directory, 'halo-2026-01-01T02-00-00-000Z', 'database.sqlite'), 'half');
    writeFileSync(join(directory, 'notes.txt'), 'offsite copy on Fridays');

    const first = await backUpAndRotate(place(), { directory, keep: 2 }, at(20));
    expect(first.removed).toEqual([]);
    expect(first.incomplete).toEqual(['halo-2026-01-01T02-00-00-000Z']);
    expect(checkBackup(first.target).database).toBe(dialect);
    await backUpAndRotate(place(), { directory, keep: 2 }, at(21));
    const third = await backUpAndRotate(place(), { directory, keep: 2 }, at(22));
    expect(third.removed).toEqual(['halo-2026-11-20T02-00-00-000Z']);
    await backUpAndRotate(place(), { directory, keep: 2 }, at(23));
    expect(complete()).toEqual(['halo-2026-11-22T02-00-00-000Z', 'halo-2026-11-23T02-00-00-000Z']);
    for (const name of complete()) expect(checkBackup(join(directory, name)).files.length).toBeGreaterThan(0);
    expect(readdirSync(directory).sort()).toEqual([
      'halo-2026-01-01T02-00-00-000Z',
      'halo-2026-11-22T02-00-00-000Z',
      'halo-2026-11-23T02-00-00-000Z',
      'notes.txt',
    ]);
  });

  it('a failed backup removes its partial directory and deletes no other backup', async () => {
    await backUpAndRotate(place(), { directory, keep: 1 }, at(20));
    const before = readdirSync(directory).sort();
    // The store cannot be read: no SQLite file there, or a PostgreSQL database that does not exist.
    const broken =
      dialect === 'sqlite'
        ? { dataDir: mkdtempSync(join(tmpdir(), 'halo-empty-')) }
        : { dataDir: place().dataDir, databaseUrl: 'postgres://127.0.0.1:5432/halo_no_such_database' };
    await expect(backUpAndRotate(broken, { directory, keep: 1 }, at(21))).rejects.toThrow();
    expect(readdirSync(directory).sort()).toEqual(before);
    // The same minute again (another run's directory): refused, and that backup kept.
    await expect(backUpAndRotate(place(), { directory, keep: 1 }, at(20))).rejects.toThrow(/exists already/);
    expect(complete()).toEqual(['halo-2026-11-20T02-00-00-000Z']);
    if (dialect === 'sqlite') rmSync(broken.dataDir, { recursive: true, force: true });
  });

  it('is the scheduled-backup job: HALO_BACKUP_DIR and HALO_BACKUP_KEEP from the configuration; a failure is logged, not thrown', async () => {
    const { context } = provider.provider;
    await runScheduledBackup(context);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runScheduledBackup(context);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runScheduledBackup(context);
    expect(complete()).toHaveLength(2);
    await expect(
      runScheduledBackup({
        ...context,
        config: {
          ...context.config,
          dataDir: join(directory, 'missing'),
          databaseUrl: dialect === 'postgres' ? 'postgres://127.0.0.1:5432/halo_no_such_database' : undefined,
        },
      }),
    ).resolves.toBeUndefined();
    expect(complete()).toHaveLength(2);
  });
});
