import { TestId, unsilencedAlarmCounts, type AlarmCounts, type SilenceNotice } from '@halo/shared';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isolate, ltrIsolate } from '../../../lib/i18n';
import { renderWithSession } from '../../../testing/sessionHarness';
import { SilenceBanner } from './SilenceBanner';

const notice = (id: number, overrides: Partial<SilenceNotice> = {}): SilenceNotice => ({
  id,
  scope: 'environment',
  device_name: null,
  group_name: null,
  reason: 'Site power work',
  ends_at: '2026-11-30T14:00:00.000Z',
  created_by: 'noc-lead',
  ...overrides,
});

const silenced = (notices: SilenceNotice[], total = notices.length): AlarmCounts => ({
  ...unsilencedAlarmCounts([0, 0, 3, 2], [0, 0, 0, 0]),
  silenced: [0, 0, 3, 2],
  silences: notices,
  silences_total: total,
});

describe('SilenceBanner', () => {
  afterEach(cleanup);

  it('shows nothing while no silence is in force', () => {
    renderWithSession(<SilenceBanner counts={unsilencedAlarmCounts([0, 0, 3, 2], [0, 0, 3, 2])} />);
    expect(screen.queryByTestId(TestId.alarms.silenceBanner)).toBeNull();
    renderWithSession(<SilenceBanner counts={undefined} />);
    expect(screen.queryByTestId(TestId.alarms.silenceBanner)).toBeNull();
  });

  it('says how many alarms are silenced, each silence with what, until when, by whom and why, and counts the rest', () => {
    renderWithSession(
      <SilenceBanner
        counts={silenced([notice(1), notice(2, { scope: 'group', group_name: 'rack-4', reason: 'Cabling' })], 5)}
      />,
    );
    const banner = screen.getByTestId(TestId.alarms.silenceBanner);
    expect(banner.textContent).toContain('Alarms are silenced (5 silences)');
    expect(screen.getByTestId(TestId.alarms.silenceBannerCount).textContent).toBe(
      '5 active alarms are silenced: they notify nobody and are not counted to acknowledge.',
    );
    expect(screen.getByTestId(TestId.alarms.silenceNotice(1)).textContent).toBe(
      `${isolate('Whole environment')} until ${ltrIsolate('30 Nov, 2026 14:00:00 (UTC)')}, set by ${isolate('noc-lead')}: ${isolate('Site power work')}`,
    );
    expect(screen.getByTestId(TestId.alarms.silenceNotice(2)).textContent).toContain(isolate('Group rack-4'));
    expect(banner.textContent).toContain('and 3 more silences');
    expect(screen.getByRole('link', { name: 'See the silences' }).getAttribute('href')).toBe('/logs/alarms/silences');
  });
});
