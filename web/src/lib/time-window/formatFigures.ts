import type { TFunction } from 'i18next';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const UNITS = [
  { ms: DAY, key: 'timeWindow.units.days' },
  { ms: HOUR, key: 'timeWindow.units.hours' },
  { ms: MINUTE, key: 'timeWindow.units.minutes' },
  { ms: SECOND, key: 'timeWindow.units.seconds' },
] as const;

/**
 * A length of time in its two largest units ("2 h 5 min", "42 s"), '-' for none: a mean time to
 * recover, an outage.
 */
export function durationText(t: TFunction, ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '-';
  if (ms < SECOND) return t('timeWindow.units.seconds', { count: 0 });
  const parts: string[] = [];
  let rest = Math.round(ms / SECOND) * SECOND;
  for (const unit of UNITS) {
    if (parts.length === 2) break;
    const count = Math.floor(rest / unit.ms);
    rest -= count * unit.ms;
    if (count > 0 || parts.length > 0) parts.push(t(unit.key, { count }));
  }
  // "1 d 0 h" says no more than "1 d".
  return parts.filter((part, index) => index === 0 || !/^0\D/.test(part)).join(' ');
}

/** A share (0-1) as a percentage in the reader's language, two decimals at most; '-' for none. */
export function percentText(locale: string, share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '-';
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(share);
}
