import type { Alarm } from '@halo/shared';
import type { AlarmFilters } from './alarmFilters';

/** Whether an alarm is one the filters select (as the provider's alarmConditions reads them). */
export function alarmMatches(filters: AlarmFilters, alarm: Alarm): boolean {
  if (filters.state !== null && alarm.state !== filters.state) return false;
  if (filters.severities.length > 0 && !filters.severities.includes(alarm.severity)) return false;
  if (filters.acknowledged !== null && alarm.acknowledged !== filters.acknowledged) return false;
  if (filters.deviceName && !alarm.device_name.toLowerCase().includes(filters.deviceName.toLowerCase())) return false;
  return true;
}

const time = (iso: string | null) => (iso === null ? 0 : Date.parse(iso));

/**
 * The list's order (the provider's ALARM_LIST_ORDER): active first, the worst first, the
 * oldest first among equals; cleared after, the last cleared first; the newest id breaks ties.
 */
export function compareAlarms(a: Alarm, b: Alarm): number {
  const activeA = a.state === 'active';
  const activeB = b.state === 'active';
  if (activeA !== activeB) return activeA ? -1 : 1;
  if (activeA) {
    if (a.severity !== b.severity) return b.severity - a.severity;
    const opened = time(a.opened_at) - time(b.opened_at);
    if (opened !== 0) return opened;
  } else {
    const cleared = time(b.cleared_at) - time(a.cleared_at);
    if (cleared !== 0) return cleared;
  }
  return b.id - a.id;
}

export interface AlarmPage {
  readonly alarms: readonly Alarm[];
  /** How many the filters select in all. */
  readonly total: number;
  /** The latest change the page reflects: changes up to it are in it already. */
  readonly revision: number;
}

/**
 * The page as read, with the live changes since applied: a changed alarm replaces its older
 * copy, leaves when it no longer matches the filters, and a new one that matches takes its
 * place in the order (when it falls within what is loaded). The total follows: exact while the
 * whole list is loaded, and counting a newly opened alarm in when it is not (the next read
 * makes it exact again).
 */
export function withLiveChanges(
  page: AlarmPage,
  changes: ReadonlyMap<number, Alarm>,
  filters: AlarmFilters,
): AlarmPage {
  if (changes.size === 0) return page;
  const complete = page.alarms.length >= page.total;
  const byId = new Map(page.alarms.map((alarm) => [alarm.id, alarm]));
  let total = page.total;
  for (const changed of changes.values()) {
    if (changed.revision <= page.revision) continue;
    const shown = byId.get(changed.id);
    if (shown && shown.revision >= changed.revision) continue;
    const matches = alarmMatches(filters, changed);
    if (shown) {
      if (matches) byId.set(changed.id, changed);
      else {
        byId.delete(changed.id);
        total -= 1;
      }
    } else if (matches && (complete || (changed.state === 'active' && changed.breach_count === 1))) {
      byId.set(changed.id, changed);
      total += 1;
    }
  }
  const alarms = [...byId.values()].sort(compareAlarms);
  // Beyond what is loaded, the order is the provider's to tell: a new alarm that sorts after the last one loaded waits for "show more".
  const last = page.alarms.at(-1);
  const loaded = new Set(page.alarms.map((alarm) => alarm.id));
  const within =
    complete || !last ? alarms : alarms.filter((alarm) => loaded.has(alarm.id) || compareAlarms(alarm, last) <= 0);
  return { alarms: within, total: Math.max(total, within.length), revision: page.revision };
}
