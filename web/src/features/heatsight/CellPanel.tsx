import { Button, H5, HTMLTable, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { CHIP_OF_HEALTH, TestId, type DeviceChipState } from '@halo/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceLink } from '../../components';
import type { AreaPage } from '../../lib/fleet';
import type { HistoryAreaSummary } from './drillCell';
import { HEALTH_LABEL_KEYS, HistoryFacts } from './DrillTooltip';

/** The status chip's intents, as the Devices table shows them. */
const CHIP_INTENTS: Readonly<Record<DeviceChipState, Intent>> = {
  connected: 'success',
  notConnected: 'danger',
  alert: 'warning',
  notActivated: 'none',
};

/** What the panel lists: a live cell's devices a page at a time, or what the history holds there. */
export type CellContent =
  | { readonly kind: 'live'; readonly page: AreaPage | null; readonly pageSize: number }
  | { readonly kind: 'history'; readonly summary: HistoryAreaSummary };

export interface CellPanelProps {
  readonly content: CellContent;
  /** Another page of the live list, from this device on. */
  readonly onPage: (start: number) => void;
  readonly onClose: () => void;
}

/**
 * The clicked cell beside the map (which stays in reach, the cell outlined on it): its devices
 * worst first, each a link to its page, a page at a time; Escape or the close button closes it.
 */
export function CellPanel({ content, onPage, onClose }: CellPanelProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  // Opened: the keyboard goes to the list (the map keeps none of its own).
  useEffect(() => panel.current?.focus(), []);

  const title = t(content.kind === 'live' ? 'heatSight.drill.panel.title' : 'heatSight.drill.panel.historyTitle');
  return (
    <section
      ref={panel}
      className="heatsight-cell-panel bp6-card bp6-elevation-2"
      aria-label={title}
      tabIndex={-1}
      data-testid={TestId.heatSight.cellPanel}
    >
      <div className="heatsight-cell-panel-header">
        <H5>{title}</H5>
        <Button
          variant="minimal"
          icon="cross"
          aria-label={t('heatSight.drill.panel.close')}
          title={t('heatSight.drill.panel.close')}
          onClick={onClose}
          data-testid={TestId.heatSight.cellPanelClose}
        />
      </div>
      {content.kind === 'history' ? (
        <div className="heatsight-cell-panel-facts">
          <HistoryFacts summary={content.summary} />
        </div>
      ) : content.page === null ? (
        <div className="heatsight-cell-panel-loading">
          <Spinner size={16} />
          {t('heatSight.drill.panel.loading')}
        </div>
      ) : content.page.total === 0 ? (
        <p className="bp6-text-muted">{t('heatSight.drill.panel.empty')}</p>
      ) : (
        <LivePage page={content.page} pageSize={content.pageSize} onPage={onPage} />
      )}
    </section>
  );
}

function LivePage({
  page,
  pageSize,
  onPage,
}: {
  readonly page: AreaPage;
  readonly pageSize: number;
  readonly onPage: (start: number) => void;
}) {
  const { t } = useTranslation();
  const { start, total, devices } = page;
  return (
    <>
      <div className="heatsight-cell-panel-list">
        <HTMLTable compact striped className="heatsight-cell-panel-table">
          <thead>
            <tr>
              <th>{t('heatSight.drill.panel.device')}</th>
              <th>{t('heatSight.drill.panel.status')}</th>
              <th>{t('heatSight.drill.panel.links')}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((device) => (
              <tr key={device.id} data-testid={TestId.heatSight.cellDevice(device.id)}>
                <td className="heatsight-cell-panel-name">
                  <DeviceLink id={device.id} name={device.name} />
                </td>
                <td>
                  <Tag minimal round intent={CHIP_INTENTS[CHIP_OF_HEALTH[device.health]]}>
                    {t(HEALTH_LABEL_KEYS[device.health])}
                  </Tag>
                </td>
                <td dir="ltr" className="heatsight-cell-panel-links">
                  {device.linksOnline}/{device.linksTotal}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
      <div className="heatsight-cell-panel-pager">
        <Button
          variant="minimal"
          icon="chevron-backward"
          aria-label={t('heatSight.drill.panel.previous')}
          title={t('heatSight.drill.panel.previous')}
          disabled={start === 0}
          onClick={() => onPage(Math.max(0, start - pageSize))}
          data-testid={TestId.heatSight.cellPrevious}
        />
        <span data-testid={TestId.heatSight.cellRange}>
          {t('heatSight.drill.panel.range', {
            from: start + 1,
            to: start + devices.length,
            total,
          })}
        </span>
        <Button
          variant="minimal"
          icon="chevron-forward"
          aria-label={t('heatSight.drill.panel.next')}
          title={t('heatSight.drill.panel.next')}
          disabled={start + devices.length >= total}
          onClick={() => onPage(start + pageSize)}
          data-testid={TestId.heatSight.cellNext}
        />
      </div>
    </>
  );
}
