import { describe, expect, it, vi } from 'vitest';
import { Permission, Severity } from '@halo/shared';
import type { CompiledQuery } from 'kysely';
import { applyAlarmReadings, type AlarmReading } from '../store/alarms.js';
import { useAdminSuite } from '../testing/adminSuite.js';
import { as, createEnvironment, createUser } from '../testing/people.js';
import { DIALECTS } from '../testing/testProvider.js';
import { sendAlarmMail } from './alarmMail.js';

const reading = (deviceId: number, severity: number, kind: AlarmReading['kind'] = 'breach'): AlarmReading => ({
  kind,
  deviceId,
  deviceName: `device-${deviceId}`,
  attributeType: 1,
  severity,
  value: '91 °C',
});

describe.each(DIALECTS)('alarm mail on %s', (dialect) => {
  const suite = useAdminSuite(dialect, {
    HALO_ALARM_GROUP_WAIT_MS: '30000',
    HALO_ALARM_GROUP_INTERVAL_MS: '300000',
    HALO_ALARM_REPEAT_INTERVAL_MS: '3600000',
  });
  const advance = (ms: number) => {
    suite.provider.clock.now += ms;
  };
  const mailTo = (address: string) => suite.provider.mail.filter((message) => message.to === address);

  it('mails each user the alarms at or above their severity, grouped, in their language', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const child = await createEnvironment(suite.provider.api, suite.admin, 'plant');
    // The admin (severity 3, critical only), an operator who wants minor and above, one without logs view.
    await createUser(suite.provider.api, suite.admin, 'operator', [Permission.LOGS_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'no-logs', [Permission.DEVICES_VIEW]);
    await context.db
      .updateTable('users')
      .set({ severity: 1 })
      .where('username', 'in', ['operator', 'no-logs'])
      .execute();
    const operator = await as(suite.provider.api, 'operator', 'root');
    // The operator reads Hebrew.
    const settings = await suite.provider.api
      .put('/api/v1/notification_settings')
      .set('Authorization', operator.authorization)
      .send({ email_alarms: true, locale: 'he-IL' });
    expect(settings.body).toEqual({
      email_alarms: true,
      email_digest: false,
      locale: 'he-IL',
      severity: 1,
      email_interval_minutes: null,
      default_interval_minutes: 5,
      severity_editable: false,
      email: 'operator@example.test',
      pending_email: null,
    });

    // The plant's manager chose Jerusalem's time (issue 39, item 15): their mail's times are in it.
    await context.db
      .updateTable('users')
      .set({ time_zone: 'Asia/Jerusalem' })
      .where('email', '=', 'plant@example.test')
      .execute();

    // A storm: one critical and five minor alarms in root, one critical below it, within seconds.
    await applyAlarmReadings(context.db, root, [reading(1, Severity.CRITICAL)], context.now());
    advance(5000);
    await applyAlarmReadings(
      context.db,
      root,
      [2, 3, 4, 5, 6].map((id) => reading(id, Severity.MINOR)),
      context.now(),
    );
    await applyAlarmReadings(context.db, child.id, [reading(9, Severity.CRITICAL)], context.now());
    expect(await sendAlarmMail(context)).toBe(0); // the group wait is not over
    advance(25_000);
    expect(await sendAlarmMail(context)).toBe(2);
    const [adminMail] = mailTo('admin@example.test');
    expect(adminMail?.subject).toBe('Halo Console: 2 new alarms in root');
    // A device of root's own is named alone; one below it, with its environment (issue 39, item 6).
    expect(adminMail?.text).toContain('Critical: device-1, temperature \u206691 °C\u2069');
    expect(adminMail?.text).toContain('Critical: device-9 (plant), temperature \u206691 °C\u2069');
    expect(adminMail?.html).toContain('<bdi>device-9</bdi> (<bdi>plant</bdi>)');
    expect(adminMail?.text).not.toContain('device-2');
    expect(adminMail?.text).toContain('http://console.example.test/logs/alarms?state=active&acknowledged=no');
    const [operatorMail] = mailTo('operator@example.test');
    expect(operatorMail?.subject).toBe('Halo Console: 7 התראות חדשות בסביבה root');
    expect(operatorMail?.html).toContain('dir="rtl"');
    expect(operatorMail?.text.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(7);
    expect(mailTo('no-logs@example.test')).toEqual([]);

    // The child's manager: its only alarm came 5 s later, so its wait ends a run later.
    expect(mailTo('plant@example.test')).toEqual([]);
    // A second breach of the same alarm within the group interval: no second message.
    advance(60_000);
    await applyAlarmReadings(context.db, root, [reading(1, Severity.CRITICAL)], context.now());
    expect(await sendAlarmMail(context)).toBe(1);
    expect(mailTo('plant@example.test').map((message) => message.subject)).toEqual([
      'Halo Console: 1 new alarm in plant',
    ]);
    expect(mailTo('plant@example.test')[0]?.text).toMatch(/\(2026-11-23 14:\d\d \(UTC\+2\)\)/);
    expect(mailTo('admin@example.test')).toHaveLength(1);
    // After it, one update that tells only of that breach.
    advance(300_000);
    expect(await sendAlarmMail(context)).toBe(2);
    expect(
      mailTo('admin@example.test')[1]
        ?.text.split('\n')
        .filter((line) => line.startsWith('- ')),
    ).toEqual(['- Critical: device-1, temperature \u206691 °C\u2069 (2026-11-23 12:01 UTC)']);

    // A user who turns e-mail off gets none; a reminder comes for the rest while alarms stay open.
    await suite.provider.api
      .put('/api/v1/notification_settings')
      .set('Authorization', operator.authorization)
      .send({ email_alarms: false, locale: 'he-IL' });
    advance(3_600_000);
    expect(await sendAlarmMail(context)).toBe(2);
    expect(mailTo('admin@example.test')[2]?.subject).toBe('Halo Console: 2 alarms are still open in root');
    expect(mailTo('plant@example.test')[1]?.subject).toBe('Halo Console: 1 alarm is still open in plant');
    expect(mailTo('operator@example.test')).toHaveLength(2);
  });

  it('spaces a user’s mail as they chose (issue 39, item 6): an hour apart for one, the installation’s 5 minutes for another', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    await createUser(suite.provider.api, suite.admin, 'hourly', [Permission.LOGS_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'default', [Permission.LOGS_VIEW]);
    const hourly = await as(suite.provider.api, 'hourly', 'root');
    const chosen = await suite.provider.api
      .put('/api/v1/notification_settings')
      .set('Authorization', hourly.authorization)
      .send({ email_alarms: true, locale: 'en-US', email_interval_minutes: 60 });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ email_interval_minutes: 60, default_interval_minutes: 5 });
    for (const minutes of [0, 7, -5, 100_000, '60'])
      expect(
        (
          await suite.provider.api
            .put('/api/v1/notification_settings')
            .set('Authorization', hourly.authorization)
            .send({ email_alarms: true, locale: 'en-US', email_interval_minutes: minutes })
        ).status,
        String(minutes),
      ).toBe(400);

    // A new alarm every ten minutes for an hour.
    for (let minute = 0; minute < 60; minute += 10) {
      await applyAlarmReadings(context.db, root, [reading(100 + minute, Severity.CRITICAL)], context.now());
      advance(35_000);
      await sendAlarmMail(context);
      advance(10 * 60_000 - 35_000);
    }
    expect(mailTo('default@example.test').length).toBeGreaterThanOrEqual(5);
    expect(mailTo('hourly@example.test')).toHaveLength(1);
    // An hour after the first, the next tells of everything since.
    advance(5 * 60_000);
    await sendAlarmMail(context);
    expect(mailTo('hourly@example.test')).toHaveLength(2);
    expect(mailTo('hourly@example.test')[1]?.subject).toBe('Halo Console: 5 new alarms in root');
    // Back to the installation's spacing (logged in again: the hour ended the idle session).
    const again = await as(suite.provider.api, 'hourly', 'root');
    const reset = await suite.provider.api
      .put('/api/v1/notification_settings')
      .set('Authorization', again.authorization)
      .send({ email_alarms: true, locale: 'en-US', email_interval_minutes: null });
    expect(reset.body).toMatchObject({ email_interval_minutes: null });
  });

  it('reads the open alarms only when one of them may be news to someone they reach', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    // The only recipient left is a child environment's manager; every alarm is the root's.
    await createEnvironment(suite.provider.api, suite.admin, 'plant');
    await context.db.updateTable('users').set({ email_alarms: 0 }).where('username', '=', 'admin').execute();
    await applyAlarmReadings(
      context.db,
      root,
      [reading(1, Severity.CRITICAL), reading(2, Severity.CRITICAL)],
      context.now(),
    );
    // What the run reads off the loop: every open alarm is the read that selects acknowledged_at.
    const begin = context.reads.begin.bind(context.reads);
    const readSql: string[] = [];
    const reads = vi.spyOn(context.reads, 'begin').mockImplementation((budget, signal) => {
      const read = begin(budget, signal);
      const rows = read.rows.bind(read);
      return Object.assign(Object.create(read) as typeof read, {
        rows: <Row>(query: CompiledQuery<Row>) => {
          readSql.push(query.sql);
          return rows(query);
        },
      });
    });
    const everyOpenAlarmReads = () => readSql.filter((sql) => sql.includes('acknowledged_at')).length;
    advance(30_000);
    expect(await sendAlarmMail(context)).toBe(0);
    advance(2 * 3_600_000); // a reminder would be due, were anything open in reach
    expect(await sendAlarmMail(context)).toBe(0);
    expect(everyOpenAlarmReads()).toBe(0);
    // The root's manager wants them again: the alarms are news to him, read and mailed.
    await context.db.updateTable('users').set({ email_alarms: 1 }).where('username', '=', 'admin').execute();
    expect(await sendAlarmMail(context)).toBe(1);
    expect(everyOpenAlarmReads()).toBe(1);
    reads.mockRestore();
  });

  it('refuses bad settings and keeps each user to their own', async () => {
    for (const body of [
      {},
      { email_alarms: 'yes', locale: 'en-US' },
      { email_alarms: true, locale: 'fr-FR' },
      { email_alarms: true, locale: 'en-US', severity: 4 },
      { email_alarms: true, locale: 'en-US', severity: 'high' },
      { email_alarms: true, locale: 'en-US', email_digest: 'daily' },
    ]) {
      const refused = await suite.provider.api
        .put('/api/v1/notification_settings')
        .set('Authorization', suite.admin.authorization)
        .send(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    const mine = await suite.provider.api
      .get('/api/v1/notification_settings')
      .set('Authorization', suite.admin.authorization);
    expect(mine.body).toMatchObject({ email_alarms: true, email_digest: false, locale: 'en-US', severity: 3 });
    expect((await suite.provider.api.get('/api/v1/notification_settings')).status).toBe(401);
  });
});
