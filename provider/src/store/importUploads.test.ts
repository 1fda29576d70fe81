import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STAGE_ABANDONED_AFTER_MS } from './deviceImportStage.js';
import { importUploadsDir, sweepImportUploads } from './importUploads.js';

describe('sweepImportUploads', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'halo-uploads-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const now = Date.now();
  const leave = (name: string, ageMs: number) => {
    const path = join(importUploadsDir(dataDir), name);
    writeFileSync(path, 'name,pairing_id\n');
    const at = new Date(now - ageMs);
    utimesSync(path, at, at);
  };

  it('removes every file a stop left on SQLite, whose data dir is one provider’s', async () => {
    leave('a-0', 1000);
    leave('b-0', STAGE_ABANDONED_AFTER_MS * 2);
    expect(await sweepImportUploads(dataDir, 'sqlite', now)).toBe(2);
    expect(readdirSync(importUploadsDir(dataDir))).toEqual([]);
  });

  it('keeps on PostgreSQL what another provider may be importing now', async () => {
    leave('young-0', 1000);
    leave('old-0', STAGE_ABANDONED_AFTER_MS + 60_000);
    expect(await sweepImportUploads(dataDir, 'postgres', now)).toBe(1);
    expect(readdirSync(importUploadsDir(dataDir))).toEqual(['young-0']);
  });
});
