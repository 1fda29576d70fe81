import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API, ErrorCode, parseCsv, type UserAudit } from '@halo/shared';
import { configCall } from '../../testing/configCall.js';
import { as, type Actor } from '../../testing/people.js';
import { DIALECTS, startTestProvider, TEST_ADMIN_PASSWORD, type TestProvider } from '../../testing/testProvider.js';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

/**
 * Issue 24, item 14: a CSV export carries each code's label beside it (severity and
 * severity_label, ...) in the language `lang` asks for (en-US unless told, he-IL), from the
 * one catalogue the console reads; a code nobody named reads "unknown (code)". The audit's
 * own words (a failed login, a wall display) are codes too, written in the reader's language.
 */
describe.each(DIALECTS)('labelled log exports on %s', (dialect) => {
  let provider: TestProvider;
  let admin: Actor;
  beforeAll(async () => {
    provider = await startTestProvider(dialect);
    // A failed login first: the product writes that event itself.
    await provider.api
      .post('/api/v1/auth/login')
      .send({ username: 'admin', password: 'Wrong-Passw0rd!', environment_name: 'root' });
    admin = await as(provider.api, 'admin', 'root', TEST_ADMIN_PASSWORD);
    const db = provider.provider.context.db;
    const environment_id = admin.environmentId;
    const logTime = Date.parse('2026-11-26T10:00:00Z');
    const entry = (event_type: string, severity: number, device_attribute_type: number | null) => ({
      environment_id,
      device_id: 1,
      device_name: 'gate',
      device_attribute_type,
      event_type,
      value: '80 °C',
      severity,
      description: 'gate: event',
      log_time: logTime,
      is_alert: 0,
    });
    await db
      .insertInto('system_logs')
      .values([entry('threshold_critical', 3, 1), entry('firmware_flashed', 7, 99), entry('link_down', 1, null)])
      .execute();
    await db
      .insertInto('satcom_messages')
      .values({
        environment_id,
        device_id: 1,
        halo_name: 'gate',
        halo_serial: 'SN-1',
        satcom_imei: null,
        network: 'Iridium',
        severity: 2,
        description: 'position report',
        latitude: null,
        longitude: null,
        altitude: null,
        link_status: null,
        satcom_time: null,
        log_time: logTime,
      })
      .execute();
    await configCall(provider.api, admin, 'post', '/wall_displays', { label: 'noc-1' }).expect(201);
  });
  afterAll(async () => {
    await provider.stop();
  });

  const csv = async (path: string, query = '') => {
    const response = await configCall(provider.api, admin, 'get', `${path}${query}`).buffer(true);
    expect(response.status, `${path}${query}: ${response.text}`).toBe(200);
    const [header, ...rows] = parseCsv(response.text);
    return rows.map((row) => Object.fromEntries(header!.map((name, index) => [name, row[index]])));
  };

  it('writes each system log code with its label beside it, en-US unless told, he-IL when asked', async () => {
    const english = await csv('/system_logs/export');
    const critical = english.find((row) => row.event_type === 'threshold_critical');
    expect(critical).toMatchObject({
      device_attribute_type: '1',
      device_attribute_type_label: 'Temperature',
      event_type_label: 'Threshold crossed: critical',
      severity: '3',
      severity_label: 'Critical',
    });
    expect(english.find((row) => row.event_type === 'firmware_flashed')).toMatchObject({
      device_attribute_type_label: 'Unknown (99)',
      event_type_label: 'Unknown (firmware_flashed)',
      severity_label: 'Unknown (7)',
    });
    expect(english.find((row) => row.event_type === 'link_down')).toMatchObject({
      device_attribute_type: '',
      device_attribute_type_label: '',
      event_type_label: 'Link down',
      severity_label: 'Minor',
    });
    const hebrew = await csv('/system_logs/export', '?lang=he-IL');
    expect(hebrew.find((row) => row.event_type === 'threshold_critical')).toMatchObject({
      device_attribute_type_label: 'טמפרטורה',
      event_type_label: 'חציית סף: קריטית',
      severity_label: 'קריטית',
    });
    expect(hebrew.find((row) => row.event_type === 'firmware_flashed')?.severity_label).toBe('לא ידוע (7)');
  });

  it('writes the messaging log severity with its label', async () => {
    expect((await csv('/satcom_messages/export'))[0]).toMatchObject({ severity: '2', severity_label: 'Major' });
    expect((await csv('/satcom_messages/export', '?lang=he-IL'))[0]).toMatchObject({ severity_label: 'גבוהה' });
  });

  it("writes the audit's resources, actions and its own details in the language asked for", async () => {
    const english = await csv('/user_audits/export');
    const failed = english.find((row) => row.detail === 'Login failed');
    expect(failed).toMatchObject({
      user: 'admin',
      resource: 'session',
      resource_label: 'Session',
      action: 'event',
      action_label: 'Event',
      name: 'admin',
    });
    expect(english.find((row) => row.name === 'noc-1')).toMatchObject({
      action_label: 'Create',
      detail: 'Wall display',
    });
    const hebrew = await csv('/user_audits/export', '?lang=he-IL');
    expect(hebrew.find((row) => row.id === failed?.id)).toMatchObject({
      resource_label: 'הפעלה',
      action_label: 'אירוע',
      detail: 'התחברות נכשלה',
    });
    expect(hebrew.find((row) => row.name === 'noc-1')).toMatchObject({ action_label: 'יצירה', detail: 'תצוגת קיר' });
    // The bootstrap's own entry: its words are the catalogue's too.
    expect(hebrew.find((row) => row.resource === 'environment')?.detail).toBe('נוצרה בהפעלה הראשונה');
  });

  it('answers the detail as a code and parameters, with its en-US text for section 3 readers', async () => {
    const response = await configCall(provider.api, admin, 'get', '/user_audits?resources=session');
    const entries: UserAudit[] = API.logs.userAudits.answer.parse(response.body).user_audits;
    expect(entries.find((entry) => entry.detail_code === 'loginFailed')).toMatchObject({
      name: 'admin',
      detail: 'Login failed',
    });
    expect(entries.find((entry) => entry.name === 'noc-1')).toMatchObject({
      detail_code: 'wallDisplay',
      detail: 'Wall display',
    });
  });

  it('refuses a language it has no labels for with error 3 naming lang', async () => {
    for (const path of ['/system_logs/export', '/satcom_messages/export', '/user_audits/export']) {
      const response = await configCall(provider.api, admin, 'get', `${path}?lang=fr-FR`);
      expect(response.status, path).toBe(400);
      expect(response.body, path).toMatchObject({
        error: ErrorCode.BAD_QUERY_PARAMETER,
        fields: { lang: expect.any(String) },
      });
    }
  });
});
