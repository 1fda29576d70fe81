import { describe, expect, it } from 'vitest';
import { API, AuditResource, Permission, Severity, type Alarm } from '@halo/shared';
import { sendAlarmMail } from '../../jobs/alarmMail.js';
import { applyAlarmReadings, type AlarmReading } from '../../store/alarms.js';
import { useAdminSuite } from '../../testing/adminSuite.js';
import { clientDevice, createDevice } from '../../testing/devices.js';
import { configCall } from '../../testing/configCall.js';
import { as, createEnvironment, createUser, type Actor } from '../../testing/people.js';
import { silenceEnvironment } from '../../testing/silences.js';
import { DIALECTS } from '../../testing/testProvider.js';

const reading = (deviceId: number, severity: number = Severity.CRITICAL): AlarmReading => ({
  kind: 'breach',
  deviceId,
  deviceName: `device-${deviceId}`,
  attributeType: 1,
  severity,
  value: '91 °C',
});

describe.each(DIALECTS)('alarm silences on %s', (dialect) => {
  // A day of idle time: the clock moves past the hour a session would last.
  const suite = useAdminSuite(dialect, { HALO_ALARM_GROUP_WAIT_MS: '0', HALO_SESSION_IDLE_MS: '86400000' });
  const { send } = suite;
  const alarmsOf = async (actor: Actor): Promise<Alarm[]> =>
    API.alarms.list.answer.parse(await answered(send(actor, 'get', '/alarms'))).alarms;
  const answered = async (call: ReturnType<typeof send>) => {
    const response = await call;
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as unknown;
  };
  const silence = (actor: Actor, body: object) => send(actor, 'post', '/alarm_silences', body);

  it('silences a device or the environment for a window: marked, out of the counts and the mail, ended early', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const doomed = await createDevice(suite.provider.api, suite.admin, clientDevice('maintained'));
    const other = await createDevice(suite.provider.api, suite.admin, clientDevice('watched'));
    await applyAlarmReadings(context.db, root, [reading(doomed), reading(other)], context.now());

    const created = await silence(suite.admin, {
      scope: 'device',
      device_ids: [doomed],
      duration_minutes: 120,
      reason: 'Replacing the modem',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [made] = API.silences.create.answer.parse(created.body).silences;
    expect(made).toMatchObject({ scope: 'device', device_id: doomed, device_name: 'maintained', created_by: 'admin' });
    expect(Date.parse(made?.ends_at ?? '') - Date.parse(made?.starts_at ?? '')).toBe(120 * 60_000);

    const silencedOf = async () =>
      Object.fromEntries((await alarmsOf(suite.admin)).map((alarm) => [alarm.device_id, alarm.silenced]));
    expect(await silencedOf()).toEqual({ [doomed]: true, [other]: false });
    const counts = API.alarms.counts.answer.parse((await send(suite.admin, 'get', '/alarms/counts')).body);
    // The counts say what is silenced, by whom, why and until when (issue 39, item 2).
    expect(counts.alarm_counts).toEqual({
      active: [0, 0, 0, 2],
      unacknowledged: [0, 0, 0, 1],
      silenced: [0, 0, 0, 1],
      silences: [
        {
          id: made?.id,
          scope: 'device',
          device_name: 'maintained',
          group_name: null,
          reason: 'Replacing the modem',
          ends_at: made?.ends_at,
          created_by: 'admin',
        },
      ],
      silences_total: 1,
    });
    // The device's page names the silence; the other device's does not.
    const timelineOf = async (deviceId: number) =>
      API.devices.timeline.answer.parse(
        await answered(
          send(
            suite.admin,
            'get',
            `/devices/${deviceId}/timeline?from=${context.now() - 3_600_000}&to=${context.now()}`,
          ),
        ),
      );
    expect((await timelineOf(doomed)).silences.map((notice) => notice.reason)).toEqual(['Replacing the modem']);
    expect((await timelineOf(other)).silences).toEqual([]);
    // The admin's mail names the watched device only.
    expect(await sendAlarmMail(context)).toBe(1);
    expect(suite.provider.mail[0]?.text).toContain(`device-${other},`);
    expect(suite.provider.mail[0]?.text).not.toContain(`device-${doomed},`);
    // ...and says that one more is open but silenced, rather than hiding it.
    expect(suite.provider.mail[0]?.text).toContain('One more alarm is open but silenced (planned maintenance)');

    // The whole environment, for an hour: both silenced; listed soonest ending first.
    await silence(suite.admin, { scope: 'environment', duration_minutes: 60, reason: 'Site power work' });
    expect(await silencedOf()).toEqual({ [doomed]: true, [other]: true });
    const listed = API.silences.list.answer.parse((await send(suite.admin, 'get', '/alarm_silences')).body).silences;
    expect(listed.map((each) => each.scope)).toEqual(['environment', 'device']);

    // Ended early: in force no more, gone from the list, both audited.
    const environmentWide = listed[0]?.id ?? 0;
    expect((await send(suite.admin, 'delete', `/alarm_silences/${environmentWide}`)).status).toBe(200);
    expect((await send(suite.admin, 'delete', `/alarm_silences/${environmentWide}`)).status).toBe(404);
    expect(await silencedOf()).toEqual({ [doomed]: true, [other]: false });
    // The window runs out by itself.
    suite.provider.clock.now += 121 * 60_000;
    expect(await silencedOf()).toEqual({ [doomed]: false, [other]: false });
    const audits = await context.db
      .selectFrom('user_audits')
      .select(['action', 'name', 'detail'])
      .where('resource', '=', AuditResource.ALARM_SILENCE)
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'create', name: 'maintained', detail: 'Replacing the modem' },
      { action: 'create', name: 'root', detail: 'Site power work' },
      { action: 'delete', name: 'root', detail: 'Site power work' },
    ]);
  });

  it('is for managers, in their own environment and below; bad windows and foreign devices change nothing', async () => {
    const { context } = suite.provider.provider;
    const device = await createDevice(suite.provider.api, suite.admin, clientDevice('mine'));
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling');
    const foreign = await createDevice(suite.provider.api, sibling, clientDevice('theirs'));
    await createUser(suite.provider.api, suite.admin, 'operator', [
      Permission.LOGS_VIEW,
      Permission.ALARMS_ACKNOWLEDGE,
    ]);
    const operator = await as(suite.provider.api, 'operator', 'root');
    const good = { scope: 'device', device_ids: [device], duration_minutes: 60, reason: 'Maintenance' };
    expect((await silence(operator, good)).status).toBe(403);
    expect((await send(operator, 'get', '/alarm_silences')).status).toBe(200);
    for (const body of [
      { ...good, device_ids: [device, foreign] },
      { ...good, device_ids: [999_999] },
    ])
      expect((await silence(suite.admin, body)).status, JSON.stringify(body)).toBe(404);
    for (const body of [
      { scope: 'device', duration_minutes: 60, reason: 'x' },
      { scope: 'environment', device_ids: [device], duration_minutes: 60, reason: 'x' },
      { ...good, duration_minutes: 4 },
      { ...good, duration_minutes: 30 * 24 * 60 + 1 },
      { ...good, reason: '   ' },
      { ...good, scope: 'group' },
      { ...good, starts_at: 'tomorrow' },
      { ...good, extra: 1 },
    ])
      expect((await silence(suite.admin, body)).status, JSON.stringify(body)).toBe(400);
    const sideways = await suite.provider.api
      .post(`/api/v1/config/${suite.admin.environmentId}/alarm_silences`)
      .set('Authorization', sibling.authorization)
      .send(good);
    expect(sideways.status).toBe(404);
    // From above: the root's manager silences the sibling's device through the sibling's path.
    const fromAbove = await suite.provider.api
      .post(`/api/v1/config/${sibling.id}/alarm_silences`)
      .set('Authorization', suite.admin.authorization)
      .send({ ...good, device_ids: [foreign] });
    expect(fromAbove.status).toBe(201);
    const count = await context.db
      .selectFrom('alarm_silences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .execute();
    expect(Number(count[0]?.n)).toBe(1);
  });

  it("is ended only from the environment that set it or one above: a child's manager cannot end a parent's silence", async () => {
    const child = await createEnvironment(suite.provider.api, suite.admin, 'branch');
    const grandchild = await createEnvironment(suite.provider.api, child, 'leaf', child.id);
    const inChild = (actor: Actor, method: 'post' | 'delete' | 'get', path: string, body?: object) =>
      configCall(suite.provider.api, actor, method, path, body, grandchild.id);
    const window = { scope: 'environment', duration_minutes: 60, reason: 'Planned by the parent' };
    const silenceIdOf = (response: Awaited<ReturnType<typeof inChild>>) => {
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return API.silences.create.answer.parse(response.body).silences[0]?.id ?? 0;
    };
    const inForce = async () =>
      API.silences.list.answer
        .parse((await inChild(suite.admin, 'get', '/alarm_silences')).body)
        .silences.map((each) => each.id)
        .sort((a, b) => a - b);

    // Set by root's manager on the leaf: neither the leaf's manager nor the branch's may end it.
    const fromRoot = silenceIdOf(await inChild(suite.admin, 'post', '/alarm_silences', window));
    for (const below of [grandchild, child]) {
      const refused = await inChild(below, 'delete', `/alarm_silences/${fromRoot}`);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      expect(refused.body).toMatchObject({ error: 'forbidden' });
    }
    expect(await inForce()).toEqual([fromRoot]);
    // Each caller is told whether he may end it, so the console offers it only to those who may.
    const mayEndAs = async (actor: Actor) =>
      API.silences.list.answer
        .parse((await inChild(actor, 'get', '/alarm_silences')).body)
        .silences.map((each) => each.may_end);
    expect([await mayEndAs(grandchild), await mayEndAs(child), await mayEndAs(suite.admin)]).toEqual([
      [false],
      [false],
      [true],
    ]);
    const audited = await suite.provider.provider.context.db
      .selectFrom('user_audits')
      .select('action')
      .where('resource', '=', AuditResource.ALARM_SILENCE)
      .execute();
    expect(audited.map((row) => row.action)).toEqual(['create']);

    // Set by the branch's manager: he and root's manager may end it, the leaf's manager may not.
    const fromBranch = silenceIdOf(await inChild(child, 'post', '/alarm_silences', window));
    expect((await inChild(grandchild, 'delete', `/alarm_silences/${fromBranch}`)).status).toBe(403);
    expect((await inChild(child, 'delete', `/alarm_silences/${fromBranch}`)).status).toBe(200);
    // The leaf's own silence: its manager ends it, and so does anyone above.
    const own = silenceIdOf(await inChild(grandchild, 'post', '/alarm_silences', window));
    const ownAgain = silenceIdOf(await inChild(grandchild, 'post', '/alarm_silences', window));
    expect((await inChild(grandchild, 'delete', `/alarm_silences/${own}`)).status).toBe(200);
    expect((await inChild(suite.admin, 'delete', `/alarm_silences/${ownAgain}`)).status).toBe(200);
    // And the parent's, from the parent.
    expect((await inChild(suite.admin, 'delete', `/alarm_silences/${fromRoot}`)).status).toBe(200);
    expect(await inForce()).toEqual([]);
  });

  it("quiets the notifications of the environment that set it and below, never its parent's mail", async () => {
    const { context } = suite.provider.provider;
    const child = await createEnvironment(suite.provider.api, suite.admin, 'quiet-branch');
    await applyAlarmReadings(context.db, child.id, [reading(5)], context.now());
    const mailTo = (address: string) => suite.provider.mail.filter((message) => message.to === address);
    // The branch silences itself: its own manager hears nothing; root's manager still hears of it
    // (before, the branch could hide its alarms from its parent's mail this way).
    await silenceEnvironment(suite.provider.api, child, child.id, 600, 'Our own quiet hours');
    expect(await sendAlarmMail(context)).toBe(1);
    expect(mailTo('admin@example.test')[0]?.text).toContain('device-5');
    expect(mailTo('quiet-branch@example.test')).toEqual([]);
    // Root's silence on the branch binds both.
    await applyAlarmReadings(context.db, child.id, [reading(6)], context.now());
    await silenceEnvironment(suite.provider.api, suite.admin, child.id, 600, 'Planned by the parent');
    // Past the group interval and the reminder's: nothing new is told, and no reminder goes.
    suite.provider.clock.now += 2 * 3_600_000;
    await applyAlarmReadings(context.db, child.id, [reading(7)], context.now());
    const sentBefore = suite.provider.mail.length;
    await sendAlarmMail(context);
    expect(suite.provider.mail.slice(sentBefore)).toEqual([]);
  });

  it('silences a group: the devices in it while it lasts, counted and mailed as silenced', async () => {
    const { context } = suite.provider.provider;
    const root = suite.admin.environmentId;
    const [inGroup, joinsLater, outside] = await Promise.all(
      ['rack-a', 'rack-b', 'elsewhere'].map((name) =>
        createDevice(suite.provider.api, suite.admin, clientDevice(name)),
      ),
    );
    const group = API.groups.create.answer.parse(
      (await send(suite.admin, 'post', '/groups', { group: { name: 'rack-row-4' } })).body,
    ).id;
    const members = await send(suite.admin, 'post', `/groups/${group}/devices`, { add: [inGroup] });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    await applyAlarmReadings(
      context.db,
      root,
      [reading(inGroup!), reading(joinsLater!), reading(outside!)],
      context.now(),
    );

    const created = await silence(suite.admin, {
      scope: 'group',
      group_ids: [group],
      duration_minutes: 60,
      reason: 'Rack row rewiring',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(API.silences.create.answer.parse(created.body).silences[0]).toMatchObject({
      scope: 'group',
      group_id: group,
      group_name: 'rack-row-4',
      device_id: null,
    });
    const silencedOf = async () =>
      Object.fromEntries((await alarmsOf(suite.admin)).map((alarm) => [alarm.device_id, alarm.silenced]));
    expect(await silencedOf()).toEqual({ [inGroup!]: true, [joinsLater!]: false, [outside!]: false });
    // Members as they are now: a device that joins is silenced from then on.
    await send(suite.admin, 'post', `/groups/${group}/devices`, { add: [joinsLater] });
    expect(await silencedOf()).toEqual({ [inGroup!]: true, [joinsLater!]: true, [outside!]: false });
    const counts = API.alarms.counts.answer.parse((await send(suite.admin, 'get', '/alarms/counts')).body);
    expect(counts.alarm_counts.unacknowledged).toEqual([0, 0, 0, 1]);
    expect(await sendAlarmMail(context)).toBe(1);
    expect(suite.provider.mail.at(-1)?.text).toContain(`device-${outside},`);
    expect(suite.provider.mail.at(-1)?.text).not.toContain(`device-${inGroup},`);
    // Another environment's group refuses the whole call.
    const sibling = await createEnvironment(suite.provider.api, suite.admin, 'sibling-groups');
    const theirs = API.groups.create.answer.parse(
      (
        await suite.provider.api
          .post(`/api/v1/config/${sibling.id}/groups`)
          .set('Authorization', sibling.authorization)
          .send({ group: { name: 'theirs' } })
      ).body,
    ).id;
    const refused = await silence(suite.admin, {
      scope: 'group',
      group_ids: [group, theirs],
      duration_minutes: 60,
      reason: 'x',
    });
    expect(refused.status).toBe(404);
  });

  it('starts a scheduled silence at its time', async () => {
    const { context } = suite.provider.provider;
    const device = await createDevice(suite.provider.api, suite.admin, clientDevice('later'));
    await applyAlarmReadings(context.db, suite.admin.environmentId, [reading(device)], context.now());
    const startsAt = new Date(context.now() + 60 * 60_000).toISOString();
    const created = await silence(suite.admin, {
      scope: 'device',
      device_ids: [device],
      starts_at: startsAt,
      duration_minutes: 30,
      reason: 'Planned',
    });
    expect(created.status).toBe(201);
    const countsNow = async () =>
      API.alarms.counts.answer.parse((await send(suite.admin, 'get', '/alarms/counts')).body).alarm_counts;
    expect((await alarmsOf(suite.admin))[0]?.silenced).toBe(false);
    // Planned, not in force: the counts name no silence yet; the list has it, to come.
    expect(await countsNow()).toMatchObject({ silences: [], silences_total: 0, silenced: [0, 0, 0, 0] });
    const listed = API.silences.list.answer.parse(await answered(send(suite.admin, 'get', '/alarm_silences')));
    expect(listed.silences.map((item) => item.starts_at)).toEqual([startsAt]);
    suite.provider.clock.now += 61 * 60_000;
    expect((await alarmsOf(suite.admin))[0]?.silenced).toBe(true);
    expect(await countsNow()).toMatchObject({ silences_total: 1, silenced: [0, 0, 0, 1] });
    expect((await countsNow()).silences[0]).toMatchObject({ scope: 'device', device_name: 'later', reason: 'Planned' });
  });
});
