import { devicePath, Permission, TestId, TwoFactorStatus, type SystemLogEntry, type UserAudit } from '@halo/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n/i18n';
import { auditDetailText } from '../../lib/i18n';
import { renderWithSession, signedIn } from '../../testing/sessionHarness';
import { systemLogColumns } from './logColumns';

const entry = (event_type: string, severity: number, device_attribute_type: number | null): SystemLogEntry => ({
  id: 1,
  device_id: 7,
  device_name: 'gate',
  device_attribute_type,
  event_type,
  value: '80 °C',
  severity,
  description: 'gate: event',
  log_time: '2026-11-26T10:00:00Z',
  is_alert: false,
});

/** The text each column shows for an entry, by column key. */
function shown(language: 'en-US' | 'he-IL', row: SystemLogEntry): Record<string, string> {
  const { t } = createI18n(language);
  return Object.fromEntries(
    systemLogColumns(t).map((column) => {
      // The device's name links to its page: a session and a router around it.
      const { container } = renderWithSession(<>{column.render(row)}</>);
      const text = container.textContent ?? '';
      cleanup();
      return [column.key, text];
    }),
  );
}

describe('system log columns', () => {
  afterEach(() => cleanup());

  it('link an entry’s device to its page', () => {
    const { t } = createI18n('en-US');
    const device = systemLogColumns(t).find((column) => column.key === 'device');
    renderWithSession(
      <>{device?.render(entry('link_down', 1, 2))}</>,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
    );
    expect(screen.getByTestId(TestId.logs.deviceLink(1)).getAttribute('href')).toBe(devicePath(7));
    cleanup();
    // An entry of no device (the environment's own) names none.
    renderWithSession(<>{device?.render({ ...entry('link_down', 1, 2), device_id: null, device_name: null })}</>);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('name the event, attribute and severity from the catalogue in both languages, never the raw code', () => {
    expect(shown('en-US', entry('threshold_critical', 3, 1))).toMatchObject({
      event: 'Threshold crossed: critical',
      attribute: 'Temperature',
      severity: 'Critical',
    });
    expect(shown('he-IL', entry('threshold_critical', 3, 1))).toMatchObject({
      event: 'חציית סף: קריטית',
      attribute: 'טמפרטורה',
      severity: 'קריטית',
    });
    expect(shown('he-IL', entry('link_down', 1, 9))).toMatchObject({ event: 'קישור נפל', attribute: 'Wi-Fi' });
  });

  it('say "unknown" with the code, translated, for a code nobody named', () => {
    expect(shown('en-US', entry('firmware_flashed', 7, 99))).toMatchObject({
      event: 'Unknown (firmware_flashed)',
      attribute: 'Unknown (99)',
      severity: 'Unknown (7)',
    });
    expect(shown('he-IL', entry('firmware_flashed', 7, 99))).toMatchObject({
      event: 'לא ידוע (firmware_flashed)',
      severity: 'לא ידוע (7)',
    });
  });
});

describe('audit details', () => {
  const audit = (detail: Partial<UserAudit>): UserAudit => ({
    id: 1,
    user: 'admin',
    resource: 'session',
    action: 'event',
    name: 'admin',
    detail: null,
    time: '2026-11-26T10:00:00Z',
    changes: [],
    ...detail,
  });

  it("read the product's own words in the reader's language, and data as it came", () => {
    const english = createI18n('en-US').t;
    const hebrew = createI18n('he-IL').t;
    const failed = audit({ detail: 'Login failed', detail_code: 'loginFailed' });
    expect(auditDetailText(english, failed)).toBe('Login failed');
    expect(auditDetailText(hebrew, failed)).toBe('התחברות נכשלה');
    const wall = audit({ detail: 'Wall display', detail_code: 'wallDisplay' });
    expect(auditDetailText(hebrew, wall)).toBe('תצוגת קיר');
    // Permissions by name, not number (issue 39, item 16): logs' update is what it does.
    const granted = audit({
      detail: 'Permissions: 50,70,71',
      detail_code: 'permissions',
      detail_params: { permissions: '50,70,71' },
    });
    expect(auditDetailText(english, granted)).toBe('Permissions: Devices: View, Logs: View, Logs: Acknowledge alarms');
    expect(auditDetailText(hebrew, granted)).toContain('אישור קבלת התראות');
    const renamed = audit({ detail: 'Renamed from gate', detail_code: 'renamedFrom', detail_params: { name: 'gate' } });
    expect(auditDetailText(hebrew, renamed)).toBe('שם קודם: gate');
    expect(auditDetailText(hebrew, audit({ detail: 'halo-12.7.0.json' }))).toBe('halo-12.7.0.json');
  });
});
