import { devicePath, Permission, TestId, TwoFactorStatus } from '@halo/shared';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AreaPage, MapDevice } from '../../lib/fleet';
import { createI18n } from '../../lib/i18n/i18n';
import { renderWithSession, signedIn } from '../../testing/sessionHarness';
import { CellPanel, type CellContent } from './CellPanel';
import { DrillTooltip, type DrillTip } from './DrillTooltip';

const device = (id: number, health: MapDevice['health'], name = `device-${id}`): MapDevice => ({
  id,
  name,
  position: [34.8, 32.1],
  connected: health !== 'notConnected',
  linksOnline: health === 'healthy' ? 2 : 0,
  linksTotal: 2,
  health,
});

const inLanguage = (language: 'en-US' | 'he-IL', element: React.ReactElement) =>
  render(
    <I18nextProvider i18n={createI18n(language)}>
      <MemoryRouter>{element}</MemoryRouter>
    </I18nextProvider>,
  );

afterEach(cleanup);

describe('DrillTooltip', () => {
  const live: DrillTip = {
    kind: 'live',
    summary: {
      devices: 12,
      noConnection: 3,
      linksDown: 0.4,
      worst: [device(7, 'notConnected', 'שער צפון'), device(8, 'allLinksDown')],
    },
  };

  it('says what a live cell holds: devices, share without connection, links down, the worst by name', () => {
    inLanguage('en-US', <DrillTooltip tip={live} />);
    const tooltip = screen.getByTestId(TestId.heatSight.tooltip);
    expect(tooltip.textContent).toContain('12 devices here');
    expect(tooltip.textContent).toContain('No connection: 3 (25%)');
    expect(tooltip.textContent).toContain('Links down: 40% on average');
    expect(tooltip.textContent).toContain('שער צפון · Not connected');
    expect(tooltip.textContent).toContain('device-8 · All links down');
    expect(tooltip.textContent).toContain('Click to list them');
  });

  it('speaks Hebrew in he-IL, every count and share in its words, names kept whole', () => {
    inLanguage('he-IL', <DrillTooltip tip={live} />);
    const tooltip = screen.getByTestId(TestId.heatSight.tooltip);
    expect(tooltip.textContent).toContain('12 התקנים כאן');
    expect(tooltip.textContent).toContain('ללא חיבור: 3');
    expect(tooltip.textContent).toContain('כל הקישורים נפלו');
    expect(tooltip.querySelector('bdi')?.textContent).toBe('שער צפון');
    inLanguage(
      'he-IL',
      <DrillTooltip tip={{ kind: 'live', summary: { ...live.summary, devices: 2, noConnection: 1 } }} />,
    );
    expect(screen.getAllByTestId(TestId.heatSight.tooltip)[1]?.textContent).toContain('2 התקנים כאן');
  });

  it('says all is well where it is, and what the history holds where there are no devices', () => {
    inLanguage('en-US', <DrillTooltip tip={{ kind: 'live', summary: { ...live.summary, worst: [] } }} />);
    expect(screen.getByTestId(TestId.heatSight.tooltip).textContent).toContain('All connected, every link up');
    cleanup();
    inLanguage(
      'en-US',
      <DrillTooltip tip={{ kind: 'history', summary: { samples: 40, noLink: 0.1, linksDown: 0.25, signal: 62 } }} />,
    );
    const tooltip = screen.getByTestId(TestId.heatSight.tooltip);
    expect(tooltip.textContent).toContain('40 samples here in this window');
    expect(tooltip.textContent).toContain('No link in 10% of them');
    expect(tooltip.textContent).toContain('Mean cellular signal: 62%');
    expect(tooltip.textContent).toContain('not which device reported them');
  });

  it('names the device under the pointer, its status and links', () => {
    inLanguage('en-US', <DrillTooltip tip={{ kind: 'device', device: device(3, 'notConnected'), mayOpen: true }} />);
    const tooltip = screen.getByTestId(TestId.heatSight.tooltip);
    expect(tooltip.textContent).toContain('device-3');
    expect(tooltip.textContent).toContain('Not connected');
    expect(tooltip.textContent).toContain('Links online: 0 of 2');
    expect(tooltip.textContent).toContain('Click to open the device page');
    cleanup();
    inLanguage('en-US', <DrillTooltip tip={{ kind: 'device', device: device(3, 'healthy'), mayOpen: false }} />);
    expect(screen.getByTestId(TestId.heatSight.tooltip).textContent).not.toContain('Click to open');
  });
});

describe('CellPanel', () => {
  const page = (start: number, total: number): AreaPage => ({
    area: [0, 0, 1, 1],
    total,
    start,
    devices: Array.from({ length: Math.min(50, total - start) }, (_unused, index) =>
      device(start + index + 1, index === 0 ? 'notConnected' : 'healthy'),
    ),
  });
  const live = (content: AreaPage | null): CellContent => ({ kind: 'live', page: content, pageSize: 50 });

  it('lists the cell’s devices, each a link to its page, a page at a time', () => {
    const onPage = vi.fn();
    renderWithSession(
      <CellPanel content={live(page(50, 120))} onPage={onPage} onClose={() => undefined} />,
      signedIn({ permissions: [Permission.DEVICES_VIEW], two_factor_auth: { setup_status: TwoFactorStatus.ACTIVE } }),
    );
    const panel = screen.getByTestId(TestId.heatSight.cellPanel);
    const row = within(panel).getByTestId(TestId.heatSight.cellDevice(51));
    expect(within(row).getByRole('link', { name: 'device-51' }).getAttribute('href')).toBe(devicePath(51));
    expect(row.textContent).toContain('Not connected');
    expect(screen.getByTestId(TestId.heatSight.cellRange).textContent).toContain('51–100 of 120');
    fireEvent.click(screen.getByTestId(TestId.heatSight.cellNext));
    expect(onPage).toHaveBeenLastCalledWith(100);
    fireEvent.click(screen.getByTestId(TestId.heatSight.cellPrevious));
    expect(onPage).toHaveBeenLastCalledWith(0);
  });

  it('can go no further than the list at either end', () => {
    renderWithSession(<CellPanel content={live(page(100, 120))} onPage={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId<HTMLButtonElement>(TestId.heatSight.cellNext).disabled).toBe(true);
    expect(screen.getByTestId(TestId.heatSight.cellRange).textContent).toContain('101–120 of 120');
    cleanup();
    renderWithSession(<CellPanel content={live(page(0, 3))} onPage={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId<HTMLButtonElement>(TestId.heatSight.cellPrevious).disabled).toBe(true);
    expect(screen.getByTestId<HTMLButtonElement>(TestId.heatSight.cellNext).disabled).toBe(true);
  });

  it('closes on Escape and on its button', () => {
    const onClose = vi.fn();
    inLanguage('en-US', <CellPanel content={live(null)} onPage={() => undefined} onClose={onClose} />);
    expect(screen.getByTestId(TestId.heatSight.cellPanel).textContent).toContain('Listing the devices…');
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId(TestId.heatSight.cellPanelClose));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('says when the cell holds nobody now, and what the history holds in history', () => {
    inLanguage('he-IL', <CellPanel content={live(page(0, 0))} onPage={() => undefined} onClose={() => undefined} />);
    expect(screen.getByTestId(TestId.heatSight.cellPanel).textContent).toContain('אף התקן באזור זה');
    cleanup();
    inLanguage(
      'en-US',
      <CellPanel
        content={{ kind: 'history', summary: { samples: 1, noLink: 1, linksDown: 1, signal: null } }}
        onPage={() => undefined}
        onClose={() => undefined}
      />,
    );
    const panel = screen.getByTestId(TestId.heatSight.cellPanel);
    expect(panel.textContent).toContain('This area in the history');
    expect(panel.textContent).toContain('1 sample here in this window');
    expect(panel.textContent).not.toContain('Mean cellular signal');
  });
});
