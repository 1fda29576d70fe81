import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const DAY_MS = 86_400_000;

describe('the provider configuration of schedules', () => {
  it('defaults: a digest at 7 every morning, system logs kept 90 days, no scheduled backups', () => {
    const config = loadConfig({ HALO_DATA_DIR: '/srv/halo' });
    expect(config.alarmDigestSchedule).toBe('0 7 * * *');
    expect(config.systemLogsRetentionMs).toBe(90 * DAY_MS);
    expect(config.scheduledBackup).toEqual({
      schedule: undefined,
      directory: resolve(join('/srv/halo', 'backups')),
      keep: 7,
    });
  });

  it('reads the schedules, the retention, the backup directory and how many to keep', () => {
    const config = loadConfig({
      HALO_ALARM_DIGEST_SCHEDULE: ' 30 6 * * 1-5 ',
      HALO_SYSTEM_LOGS_RETENTION_DAYS: '30',
      HALO_BACKUP_SCHEDULE: '0 2 * * *',
      HALO_BACKUP_DIR: '/mnt/backups/halo',
      HALO_BACKUP_KEEP: '14',
    });
    expect(config.alarmDigestSchedule).toBe('30 6 * * 1-5');
    expect(config.systemLogsRetentionMs).toBe(30 * DAY_MS);
    expect(config.scheduledBackup).toEqual({ schedule: '0 2 * * *', directory: '/mnt/backups/halo', keep: 14 });
  });

  it.each([
    [{ HALO_ALARM_DIGEST_SCHEDULE: 'every morning' }, /HALO_ALARM_DIGEST_SCHEDULE: not a cron schedule/],
    [{ HALO_ALARM_DIGEST_SCHEDULE: '0 25 * * *' }, /HALO_ALARM_DIGEST_SCHEDULE/],
    [{ HALO_BACKUP_SCHEDULE: '0 2 * *' }, /HALO_BACKUP_SCHEDULE: not a cron schedule/],
    [{ HALO_BACKUP_SCHEDULE: '61 * * * *' }, /HALO_BACKUP_SCHEDULE/],
    [{ HALO_BACKUP_KEEP: '0' }, /HALO_BACKUP_KEEP/],
    [{ HALO_SYSTEM_LOGS_RETENTION_DAYS: '0' }, /HALO_SYSTEM_LOGS_RETENTION_DAYS/],
  ])('refuses %o at load', (env, problem) => {
    expect(() => loadConfig(env)).toThrow(problem);
  });
});
