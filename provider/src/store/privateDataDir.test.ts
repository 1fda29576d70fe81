import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { backUp, restore } from '../backup/backup.js';
import { EnvironmentCertificateAuthority } from '../ca/certificateAuthority.js';
import { log } from '../log.js';
import { createMailer } from '../mail/mailer.js';
import { DIALECTS, loginAs, startTestProvider, type TestProvider } from '../testing/testProvider.js';
import { SQLITE_FILE } from './database.js';
import { writeRfRecordingFile } from './rfRecordingFiles.js';

/**
 * Every path under `root` (itself included) as `path mode`, and the same list as it should be:
 * directories 0700, files 0600. Compared whole, a failure shows each path that differs.
 */
function modesUnder(root: string): { actual: string[]; private: string[] } {
  const paths = (path: string): string[] =>
    statSync(path).isDirectory() ? [path, ...readdirSync(path).flatMap((name) => paths(join(path, name)))] : [path];
  const entry = (path: string, mode: number) => `${relative(root, path) || '.'} ${mode.toString(8).padStart(4, '0')}`;
  const all = paths(root);
  return {
    actual: all.map((path) => entry(path, statSync(path).mode & 0o777)),
    private: all.map((path) => entry(path, statSync(path).isDirectory() ? 0o700 : 0o600)),
  };
}

describe.each(DIALECTS)('the data dir on %s', (dialect) => {
  let umaskBefore: number;
  const scratch: string[] = [];
  let provider: TestProvider | undefined;
  beforeAll(() => {
    // The usual permissive umask: Node's default modes would make 0755 directories and 0644 files.
    umaskBefore = process.umask(0o022);
  });
  afterAll(() => {
    process.umask(umaskBefore);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await provider?.stop();
    provider = undefined;
    for (const directory of scratch.splice(0)) rmSync(directory, { recursive: true, force: true });
  });

  const start = (dataDir: string) =>
    startTestProvider(
      dialect,
      { HALO_DATA_DIR: dataDir },
      createMailer({ smtpUrl: undefined, from: 'Halo Console <no-reply@halo.test>', dataDir }),
    );

  it('is created 0700 with every file in it 0600 (store, WAL, SHM, key, CA, recordings, outbox)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'halo-modes-'));
    scratch.push(parent);
    const dataDir = join(parent, 'fresh', 'data');
    provider = await start(dataDir);
    const { context } = provider.provider;
    // Writes of every kind the product makes there: the store, a mail, a CA, a recording.
    const { authorization, body } = await loginAs(provider.api, 'admin');
    await provider.api
      .post(`/api/v1/config/${Number(body.environment_id)}/groups`)
      .set('Authorization', authorization)
      .send({ group: { name: 'night-shift' } })
      .expect(201);
    await provider.api.post('/api/v1/auth/forgot').send({ email: 'admin@example.test' }).expect(200);
    await new EnvironmentCertificateAuthority(dataDir, context.secrets, 1, 'root', context.now).caCertificatePem();
    await writeRfRecordingFile(dataDir, 'recording.iq', new Uint8Array([1, 2, 3]));

    if (dialect === 'sqlite') {
      for (const suffix of ['', '-wal', '-shm'])
        expect(existsSync(join(dataDir, `${SQLITE_FILE}${suffix}`))).toBe(true);
    }
    expect(readdirSync(join(dataDir, 'outbox'))).toHaveLength(1);
    const modes = modesUnder(dataDir);
    expect(modes.actual.length).toBeGreaterThanOrEqual(dialect === 'sqlite' ? 12 : 9);
    expect(modes.actual).toEqual(modes.private);
    if (dialect !== 'sqlite') return;

    // A backup, and a restore into a new data dir: a copy keeps its source's modes, these do not.
    const backup = join(parent, 'backup');
    await backUp({ dataDir }, backup);
    const restored = join(parent, 'restored');
    await restore({ dataDir: restored }, backup);
    const restoredModes = modesUnder(restored);
    expect(restoredModes.actual).toContain(`${SQLITE_FILE} 0600`);
    expect(restoredModes.actual).toEqual(restoredModes.private);
    const backupModes = modesUnder(backup);
    expect(backupModes.actual).toEqual(backupModes.private);
  });

  it('warns at start, naming the path and its mode, when an existing data dir is open to others', async () => {
    const warn = vi.spyOn(log, 'warn');
    const open = mkdtempSync(join(tmpdir(), 'halo-open-'));
    scratch.push(open);
    chmodSync(open, 0o755);
    provider = await start(open);
    const said = warn.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    expect(said).toContain(open);
    expect(said).toContain('0755');
    await provider.stop();

    warn.mockClear();
    const closed = mkdtempSync(join(tmpdir(), 'halo-closed-'));
    scratch.push(closed);
    provider = await start(closed);
    expect(warn.mock.calls.map((call) => call.map(String).join(' ')).join('\n')).not.toContain(closed);
    await provider.stop();

    // Shared with one group on purpose (Kubernetes' fsGroup): no warning at every start.
    warn.mockClear();
    const shared = mkdtempSync(join(tmpdir(), 'halo-group-'));
    scratch.push(shared);
    chmodSync(shared, 0o770);
    provider = await start(shared);
    expect(warn.mock.calls.map((call) => call.map(String).join(' ')).join('\n')).not.toContain(shared);
  });
});
