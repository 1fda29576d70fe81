import { parseLinkKey, TestId, type DeviceTimeline as Timeline } from '@halo/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelText, logEntryText } from '../../../lib/i18n';
import { LINK_KIND_LABEL_KEYS } from '../../devices';
import { severityColor } from '../../logs';
import { timeTicks, timelineLanes, type LaneBand, type TimelineEvent, type TimelineLane } from '../timelineLanes';
import { ReadingsChart } from './ReadingsChart';
import { useTimeFormat } from '../../../lib/time-zone';

export interface DeviceTimelineProps {
  readonly timeline: Timeline;
  readonly events: readonly TimelineEvent[];
  /** The event chosen on the timeline (its details are shown below it). */
  readonly selected: string | null;
  readonly onSelect: (key: string) => void;
}

/** How an event is named among the others (its kind and id). */
export const eventKey = (event: Pick<TimelineEvent, 'kind' | 'id'>) => `${event.kind}:${event.id}`;

const BAND_LABEL_KEYS: Readonly<Record<LaneBand['state'], { readonly connection: string; readonly link: string }>> = {
  up: { connection: 'devicePage.timeline.connected', link: 'devicePage.timeline.up' },
  down: { connection: 'devicePage.timeline.notConnected', link: 'devicePage.timeline.down' },
  unknown: { connection: 'devicePage.timeline.unknown', link: 'devicePage.timeline.unknown' },
};

/** A share of the window as a CSS position. */
const percent = (share: number) => `${(share * 100).toFixed(3)}%`;

/**
 * The device's history on one time axis, which runs left to right in either language (an
 * isolated element, as the logs' histogram): connection, each link up or down, the signal and
 * temperature readings, and the system log entries and alarms as marks to click.
 */
export function DeviceTimeline({ timeline, events, selected, onSelect }: DeviceTimelineProps) {
  const { t } = useTranslation();
  const format = useTimeFormat();
  const lanes = useMemo(() => timelineLanes(timeline), [timeline]);
  const ticks = useMemo(
    () => timeTicks(timeline.from, timeline.to, format.zone),
    [timeline.from, timeline.to, format.zone],
  );

  // A link by its own name, or its place among the device's links of its kind (from 1).
  const laneLabel = (lane: TimelineLane) =>
    lane.kind === null
      ? t('devicePage.timeline.connection')
      : `${t(LINK_KIND_LABEL_KEYS[lane.kind])} ${lane.name ?? String((parseLinkKey(lane.key)?.index ?? 0) + 1)}`;

  return (
    <div className="device-timeline" dir="ltr" data-testid={TestId.devicePage.timeline}>
      <div className="device-timeline-row device-timeline-axis" aria-hidden="true">
        <span />
        <div className="device-timeline-track">
          {ticks.map((tick) => (
            <span key={tick.time} className="device-timeline-tick" style={{ left: percent(tick.position) }}>
              {tick.label}
            </span>
          ))}
        </div>
        <span className="device-timeline-utc">{format.offsetLabel(timeline.to)}</span>
      </div>
      {lanes.map((lane) => (
        <div key={lane.key} className="device-timeline-row" data-testid={TestId.devicePage.lane(lane.key)}>
          <span className="device-timeline-label" dir="auto" title={lane.key}>
            {laneLabel(lane)}
          </span>
          <div className="device-timeline-track device-timeline-lane">
            {lane.bands.map((band) => {
              const text = `${t(BAND_LABEL_KEYS[band.state][lane.kind === null ? 'connection' : 'link'])}: ${format.dateTime(band.from)} – ${format.dateTime(band.to)}`;
              return (
                <span
                  key={band.from}
                  className={`device-timeline-band device-timeline-band-${band.state}`}
                  style={{ right: percent(1 - band.start - band.width), width: percent(band.width) }}
                  title={text}
                  aria-label={text}
                  data-state={band.state}
                />
              );
            })}
          </div>
          <span />
        </div>
      ))}
      <div className="device-timeline-row">
        <span className="device-timeline-label">{t('devicePage.timeline.events')}</span>
        <div className="device-timeline-track device-timeline-markers">
          {events.map((event) => {
            const key = eventKey(event);
            const what =
              event.kind === 'log'
                ? logEntryText(t, event.entry, false).text
                : `${t('devicePage.events.alarm')}: ${codeLabelText(t, 'attribute', event.alarm.device_attribute_type)}`;
            const label = `${format.dateTime(event.time)} · ${codeLabelText(t, 'severity', event.severity)} · ${what}`;
            return (
              <button
                key={key}
                type="button"
                className={`device-timeline-marker device-timeline-marker-${event.kind}`}
                style={{ left: percent(event.position), backgroundColor: severityColor(event.severity) }}
                title={label}
                aria-label={label}
                aria-pressed={selected === key}
                onClick={() => onSelect(key)}
                data-testid={TestId.devicePage.marker(event.kind, event.id)}
              />
            );
          })}
        </div>
        <span />
      </div>
      <ReadingsChart timeline={timeline} ticks={ticks} />
    </div>
  );
}
