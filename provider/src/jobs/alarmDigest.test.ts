import { codeLabel, Permission, Severity } from '@halo/shared';
import { describe, expect, it } from 'vitest';
import type { ProviderContext } from '../context.js';
import { applyAlarmReadings, type AlarmReading } from '../store/alarms.js';
import { useAdminSuite } from '../testing/adminSuite.js';
import { as, createEnvironment, createUser } from '../testing/people.js';
import { DIALECTS, TEST_ADMIN_PASSWORD } from '../testing/testProvider.js';
import { sendAlarmDigest } from './alarmDigest.js';

const breach = (deviceId: number, severity: number): AlarmReading => ({
  kind: 'breach',
  deviceId,
  deviceName: `device-${deviceId}`,
  attributeType: 1,
  severity,
  value: '91 °C',
});

const DAY_MS = 86_400_000;

describe.each(DIALECTS)('the daily alarm digest on %s', (dialect) => {
  const suite = useAdminSuite(dialect);
  const advance = (ms: number) => {
    suite.provider.clock.now += ms;
  };
  const mailTo = (address: string) => suite.provider.mail.filter((message) => message.to === address);
  const listed = (text: string | undefined) => (text ?? '').split('\n').filter((line) => line.startsWith('- '));
  const settings = (authorization: string, body: object) =>
    suite.provider.api.put('/api/v1/notification_settings').set('Authorization', authorization).send(body);

  it('is off by default; sends each user who asked one message a day of the open alarms that reach them, in their language', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const plant = await createEnvironment(suite.provider.api, suite.admin, 'plant');
    const depot = await createEnvironment(suite.provider.api, suite.admin, 'depot');
    await createUser(suite.provider.api, suite.admin, 'operator', [Permission.LOGS_VIEW]);
    await createUser(suite.provider.api, suite.admin, 'no-logs', [Permission.DEVICES_VIEW]);
    await context.db
      .updateTable('users')
      .set({ severity: Severity.MINOR })
      .where('username', 'in', ['operator', 'no-logs'])
      .execute();
    const operator = await as(suite.provider.api, 'operator', 'root');
    const noLogs = await as(suite.provider.api, 'no-logs', 'root');

    // Off by default, for everyone.
    const mine = await suite.provider.api
      .get('/api/v1/notification_settings')
      .set('Authorization', suite.admin.authorization);
    expect(mine.body).toMatchObject({ email_alarms: true, email_digest: false, locale: 'en-US', severity: 3 });
    // Turned on by the operator (Hebrew), plant's and depot's managers and the one without logs view.
    expect(
      (await settings(operator.authorization, { email_alarms: false, email_digest: true, locale: 'he-IL' })).body,
    ).toMatchObject({ email_alarms: false, email_digest: true, locale: 'he-IL', severity: 1 });
    for (const actor of [plant, depot, noLogs])
      expect(
        (await settings(actor.authorization, { email_alarms: true, email_digest: true, locale: 'en-US' })).status,
      ).toBe(200);
    // A save from before the digest (no email_digest) leaves it as it is.
    expect((await settings(plant.authorization, { email_alarms: true, locale: 'en-US' })).body).toMatchObject({
      email_digest: true,
    });

    // Nothing open: no digest.
    expect(await sendAlarmDigest(context)).toBe(0);

    // Root: a critical alarm and three minor ones, one acknowledged, one silenced; plant: a critical one.
    await applyAlarmReadings(context.db, root, [breach(1, Severity.CRITICAL)], context.now());
    advance(60_000);
    await applyAlarmReadings(
      context.db,
      root,
      [2, 3, 4].map((id) => breach(id, Severity.MINOR)),
      context.now(),
    );
    await applyAlarmReadings(context.db, plant.id, [breach(9, Severity.CRITICAL)], context.now());
    await context.db
      .updateTable('alarms')
      .set({ acknowledged_at: context.now(), acknowledged_by: 'admin', acknowledged_severity: Severity.MINOR })
      .where('device_id', '=', 2)
      .execute();
    await context.db
      .insertInto('alarm_silences')
      .values({
        environment_id: root,
        scope: 'device',
        device_id: 3,
        device_name: 'device-3',
        reason: 'maintenance',
        starts_at: context.now() - 1000,
        ends_at: context.now() + 7 * DAY_MS,
        created_by: 'admin',
        created_at: context.now(),
      })
      .execute();
    advance(3_600_000);

    expect(await sendAlarmDigest(context)).toBe(2);
    // The admin did not ask; the user without logs view may not read alarms; depot has none open.
    expect(mailTo('admin@example.test')).toEqual([]);
    expect(mailTo('no-logs@example.test')).toEqual([]);
    expect(mailTo('depot@example.test')).toEqual([]);

    const [plantMail] = mailTo('plant@example.test');
    expect(plantMail?.subject).toBe('Halo Console: daily digest, 1 open alarm in plant');
    expect(plantMail?.text).toContain(
      'One alarm is open in plant and the environments below it; 1 nobody acknowledged.',
    );
    expect(listed(plantMail?.text)).toEqual([
      '- Critical: 1 open, 1 not acknowledged',
      '- Critical: device-9, temperature \u206691 °C\u2069 (open since 2026-11-23 12:01 UTC)',
    ]);
    expect(plantMail?.text).toContain('Open the Alarms screen: http://console.example.test/logs/alarms?state=active');
    expect(plantMail?.text).not.toContain('silenced');

    // The operator: severity minor and above, root and below it; the silenced alarm left out and counted.
    const [operatorMail] = mailTo('operator@example.test');
    const label = (severity: number) => codeLabel('he-IL', 'severity', severity);
    expect(operatorMail?.subject).toBe('Halo Console: סיכום יומי, 4 התראות פתוחות בסביבה root');
    expect(operatorMail?.html).toContain('dir="rtl"');
    expect(operatorMail?.text).toContain('4 התראות פתוחות בסביבה root ובסביבות שמתחתיה; 3 מהן טרם אושרו.');
    const lines = listed(operatorMail?.text);
    expect(lines.slice(0, 2)).toEqual([
      `- ${label(Severity.CRITICAL)}: 2 פתוחות, 2 לא אושרו`,
      `- ${label(Severity.MINOR)}: 2 פתוחות, אחת לא אושרה`,
    ]);
    // The worst first, then the oldest: device-1 opened a minute before device-9.
    expect(lines.slice(2).map((line) => /device-\d/.exec(line)?.[0])).toEqual([
      'device-1',
      'device-9',
      'device-2',
      'device-4',
    ]);
    expect(lines.find((line) => line.includes('device-2'))).toContain(', אושרה');
    expect(operatorMail?.text).not.toContain('device-3');
    expect(operatorMail?.text).toContain('התראה מושתקת אחת אינה נכללת בסיכום זה.');

    // Once a day: a second run that day (or another replica's) sends nothing, the next day again.
    advance(3_600_000);
    expect(await sendAlarmDigest(context)).toBe(0);
    advance(DAY_MS);
    expect(await sendAlarmDigest(context)).toBe(2);
    expect(mailTo('plant@example.test')).toHaveLength(2);

    // The admin (logged in again, a day later) turns it on: the digest of root and below, critical only, at the next run.
    const admin = await as(suite.provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    await settings(admin.authorization, { email_alarms: true, email_digest: true, locale: 'en-US' }).expect(200);
    expect(await sendAlarmDigest(context)).toBe(1);
    expect(listed(mailTo('admin@example.test')[0]?.text)[0]).toBe('- Critical: 2 open, 2 not acknowledged');
  });

  it('gives the day back when the message could not be sent, so a later run may send it', async () => {
    const { context } = suite.provider.provider;
    await settings(suite.admin.authorization, { email_alarms: true, email_digest: true, locale: 'en-US' });
    await applyAlarmReadings(context.db, suite.admin.environmentId, [breach(1, Severity.CRITICAL)], context.now());
    const failing: ProviderContext = {
      ...context,
      mailer: { kind: 'smtp', send: () => Promise.reject(new Error('SMTP down')) },
    };
    expect(await sendAlarmDigest(failing)).toBe(0);
    expect(await context.db.selectFrom('alarm_digest_state').selectAll().execute()).toEqual([]);
    expect(await sendAlarmDigest(context)).toBe(1);
    expect(await sendAlarmDigest(context)).toBe(0);
    expect(mailTo('admin@example.test')).toHaveLength(1);
  });
});
