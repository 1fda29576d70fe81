import type { LiveSystemLogEntry } from '@halo/shared';
import { firstValueFrom, Subject, filter, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { withRecentAlerts } from './recentAlerts';

const alert = (id: number, second: number): LiveSystemLogEntry => ({
  id,
  device_id: 1,
  device_name: 'd1',
  device_attribute_type: 1,
  event_type: 'threshold_critical',
  value: '90 °C',
  severity: 3,
  description: `alert ${id}`,
  log_time: `2026-11-25T10:00:${String(second).padStart(2, '0')}.000Z`,
  is_alert: true,
});

describe('withRecentAlerts', () => {
  it('shows what the log holds, then what the live feed brings, newest first and each once', async () => {
    const live = new Subject<readonly LiveSystemLogEntry[]>();
    const seen = firstValueFrom(
      withRecentAlerts(live, () => Promise.resolve([alert(2, 2), alert(1, 1)])).pipe(
        filter((alerts) => alerts.length === 3),
        take(1),
        toArray(),
      ),
    );
    await Promise.resolve();
    await Promise.resolve();
    live.next([alert(3, 3), alert(2, 2)]);
    expect((await seen)[0]?.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });

  it('keeps the live alerts when the log cannot be read', async () => {
    const live = new Subject<readonly LiveSystemLogEntry[]>();
    const seen = firstValueFrom(
      withRecentAlerts(live, () => Promise.reject(new Error('403'))).pipe(filter((alerts) => alerts.length > 0)),
    );
    live.next([alert(5, 5)]);
    expect((await seen).map((entry) => entry.id)).toEqual([5]);
  });
});
