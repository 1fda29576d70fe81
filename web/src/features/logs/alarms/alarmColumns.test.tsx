import { devicePath, Permission, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n/i18n';
import { testAlarm } from '../../../testing/deviceFixtures';
import { renderWithSession, signedIn } from '../../../testing/sessionHarness';
import { alarmColumns } from './alarmColumns';
import type { AlarmSelection } from './alarmSelection';

const alarm = testAlarm(5, Date.parse('2026-11-26T10:00:00Z'));

const selection: AlarmSelection = {
  selected: new Set(),
  allShown: false,
  toggle: () => undefined,
  toggleAll: () => undefined,
  clear: () => undefined,
};

describe('an alarm row', () => {
  afterEach(() => cleanup());

  it('names its device with a link to the device’s page', () => {
    const { t } = createI18n('en-US');
    const device = alarmColumns(t, selection, { withSelection: false }).find((column) => column.key === 'device');
    renderWithSession(
      <>{device?.render(alarm)}</>,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
    );
    const link = screen.getByTestId(TestId.alarms.deviceLink(5));
    expect(link.getAttribute('href')).toBe(devicePath(7));
    expect(link.textContent).toBe('gate-north');
  });

  it('says a stale alarm’s value is its device’s last reading, and a current one says nothing of it', () => {
    const { t } = createI18n('he-IL');
    const state = alarmColumns(t, selection, { withSelection: false }).find((column) => column.key === 'state');
    const session = signedIn({ two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } });
    renderWithSession(<>{state?.render({ ...alarm, stale: true })}</>, session);
    const tag = screen.getByTestId(TestId.alarms.staleOf(5));
    expect(tag.textContent).toBe('קריאה אחרונה');
    expect(tag.getAttribute('title')).toContain('ההתקן אינו מחובר');
    cleanup();
    renderWithSession(<>{state?.render(alarm)}</>, session);
    expect(screen.queryByTestId(TestId.alarms.staleOf(5))).toBeNull();
  });

  it('writes the value’s unit in the reader’s words (issue 39, item 14)', () => {
    const valueOf = (locale: 'en-US' | 'he-IL', lastValue: string | null) => {
      const { t } = createI18n(locale);
      const value = alarmColumns(t, selection, { withSelection: false }).find((column) => column.key === 'value');
      const { container } = renderWithSession(
        <>{value?.render({ ...alarm, last_value: lastValue })}</>,
        signedIn({ two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
      );
      const text = container.textContent;
      cleanup();
      return text;
    };
    expect(valueOf('en-US', '12 min')).toBe('12 min');
    expect(valueOf('he-IL', '12 min')).toBe('12 דק׳');
    expect(valueOf('he-IL', '91 °C')).toBe('91 °C');
    expect(valueOf('he-IL', 'odd text')).toBe('odd text');
    expect(valueOf('he-IL', null)).toBe('-');
  });
});
