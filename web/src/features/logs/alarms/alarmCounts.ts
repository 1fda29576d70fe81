import { ROUTES, SEVERITY_COLORS, SEVERITY_NAMES, type AlarmCounts } from '@halo/shared';
import { ALARM_SEVERITIES } from './alarmFilters';

/** One count of active, unacknowledged alarms of a severity, as Home and the wall show it. */
export interface AlarmCountTile {
  readonly severity: number;
  readonly count: number;
  readonly color: string;
  /** The Alarms screen filtered to what the tile counts. */
  readonly link: string;
}

/** The tiles of a summary's alarm counts, worst first; none when the summary has no counts (no logs view, or no such extension upstream). */
export function alarmCountTiles(counts: AlarmCounts | undefined): AlarmCountTile[] {
  if (!counts) return [];
  return ALARM_SEVERITIES.map((severity) => ({
    severity,
    count: counts.unacknowledged[severity] ?? 0,
    color: SEVERITY_COLORS[SEVERITY_NAMES[severity]],
    link: `${ROUTES.alarms}?state=active&acknowledged=no&severities=${severity}`,
  }));
}
