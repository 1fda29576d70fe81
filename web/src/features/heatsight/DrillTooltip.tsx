import { TestId, type DeviceHealth } from '@halo/shared';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaSummary, MapDevice } from '../../lib/fleet';
import type { HistoryAreaSummary } from './drillCell';

/** What the tooltip tells: a device under the pointer, a live cell, or a cell of the history. */
export type DrillTip =
  /** `mayOpen`: the user may view devices, so a click opens its page. */
  | { readonly kind: 'device'; readonly device: MapDevice; readonly mayOpen: boolean }
  | { readonly kind: 'live'; readonly summary: AreaSummary }
  | { readonly kind: 'history'; readonly summary: HistoryAreaSummary };

export const HEALTH_LABEL_KEYS: Readonly<Record<DeviceHealth, string>> = {
  notActivated: 'heatSight.drill.health.notActivated',
  unknown: 'heatSight.drill.health.unknown',
  notConnected: 'heatSight.drill.health.notConnected',
  mainAppOffline: 'heatSight.drill.health.mainAppOffline',
  allLinksDown: 'heatSight.drill.health.allLinksDown',
  linksDegraded: 'heatSight.drill.health.linksDegraded',
  healthy: 'heatSight.drill.health.healthy',
};

/** A share (0..1) as the user's language writes a percentage. */
export function useShareFormat(): (share: number) => string {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  return (share) => format.format(share);
}

/** Pixels between the pointer and the tooltip. */
const POINTER_GAP = 14;

/**
 * Places the tooltip by the pointer, on whichever side has room: by the pointer's physical
 * position (left/top), since the map's geography does not turn in a right-to-left page.
 */
export function placeTooltip(element: HTMLElement, x: number, y: number): void {
  const area = element.offsetParent as HTMLElement | null;
  const width = area?.clientWidth ?? 0;
  const height = area?.clientHeight ?? 0;
  const flipX = x + POINTER_GAP + element.offsetWidth > width && x - POINTER_GAP - element.offsetWidth >= 0;
  const flipY = y + POINTER_GAP + element.offsetHeight > height && y - POINTER_GAP - element.offsetHeight >= 0;
  element.style.left = `${flipX ? x - POINTER_GAP - element.offsetWidth : x + POINTER_GAP}px`;
  element.style.top = `${flipY ? y - POINTER_GAP - element.offsetHeight : y + POINTER_GAP}px`;
}

/** What is under the pointer, following it. Names stay whole in either direction (bdi). */
export function DrillTooltip({ tip, ref }: { readonly tip: DrillTip; readonly ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation();
  const share = useShareFormat();
  return (
    <div
      ref={ref}
      className="heatsight-tooltip bp6-card bp6-elevation-2"
      role="tooltip"
      aria-label={t('heatSight.drill.tooltip')}
      data-testid={TestId.heatSight.tooltip}
    >
      {tip.kind === 'device' ? (
        <>
          <div className="heatsight-tooltip-title">
            <bdi>{tip.device.name}</bdi>
          </div>
          <div>{t(HEALTH_LABEL_KEYS[tip.device.health])}</div>
          <div>{t('heatSight.drill.links', { online: tip.device.linksOnline, total: tip.device.linksTotal })}</div>
          {tip.mayOpen ? <div className="heatsight-tooltip-hint">{t('heatSight.drill.open')}</div> : null}
        </>
      ) : tip.kind === 'live' ? (
        <>
          <div className="heatsight-tooltip-title">{t('heatSight.drill.devices', { count: tip.summary.devices })}</div>
          {tip.summary.worst.length === 0 ? (
            <div>{t('heatSight.drill.allWell')}</div>
          ) : (
            <>
              <div>
                {t('heatSight.drill.noConnection', {
                  count: tip.summary.noConnection,
                  share: share(tip.summary.noConnection / Math.max(1, tip.summary.devices)),
                })}
              </div>
              <div>{t('heatSight.drill.linksDown', { share: share(tip.summary.linksDown) })}</div>
              <div className="heatsight-tooltip-subtitle">{t('heatSight.drill.worst')}</div>
              <ul className="heatsight-tooltip-worst">
                {tip.summary.worst.map((device) => (
                  <li key={device.id}>
                    <bdi>{device.name}</bdi> · {t(HEALTH_LABEL_KEYS[device.health])}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="heatsight-tooltip-hint">{t('heatSight.drill.list')}</div>
        </>
      ) : (
        <HistoryFacts summary={tip.summary} />
      )}
    </div>
  );
}

/** What the history holds of an area: samples and their link quality, no devices. */
export function HistoryFacts({ summary }: { readonly summary: HistoryAreaSummary }) {
  const { t } = useTranslation();
  const share = useShareFormat();
  return (
    <>
      <div className="heatsight-tooltip-title">{t('heatSight.drill.history.samples', { count: summary.samples })}</div>
      <div>{t('heatSight.drill.history.noLink', { share: share(summary.noLink) })}</div>
      <div>{t('heatSight.drill.history.linksDown', { share: share(summary.linksDown) })}</div>
      {summary.signal === null ? null : (
        <div>{t('heatSight.drill.history.signal', { share: share(summary.signal / 100) })}</div>
      )}
      <div className="heatsight-tooltip-hint">{t('heatSight.drill.history.noDevices')}</div>
    </>
  );
}
