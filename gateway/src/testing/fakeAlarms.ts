import { API, CONFIG_PREFIX, apiErrorBody, HttpErrorKind, type Alarm, type AlarmCounts } from '@halo/shared';
import express from 'express';

/** The alarms extension of the fake upstream (issue 27): counts per environment, acknowledgements as received. */
export interface FakeAlarms {
  /** An environment's counts; without an entry its counts answer 404 (an upstream without alarms). */
  readonly counts: Map<number, AlarmCounts>;
  /** How many times each environment's counts were asked. */
  readonly asked: Map<number, number>;
  /** The bodies of acknowledge calls, with their environment. */
  readonly acknowledgements: { environmentId: number; body: unknown }[];
  /** Each alarm as it is now, by id; `change` stores a new copy under the next revision. */
  readonly alarms: Map<number, Alarm>;
  revision: number;
  /** How many times each environment's changes were asked. */
  readonly changesAsked: Map<number, number>;
  change(alarm: Omit<Alarm, 'revision'>): Alarm;
}

export const createFakeAlarms = (): FakeAlarms => {
  const fake: FakeAlarms = {
    counts: new Map(),
    asked: new Map(),
    acknowledgements: [],
    alarms: new Map(),
    revision: 0,
    changesAsked: new Map(),
    change(alarm) {
      fake.revision += 1;
      const stored = { ...alarm, revision: fake.revision };
      fake.alarms.set(alarm.id, stored);
      return stored;
    },
  };
  return fake;
};

/** An alarm as the provider answers it, with `overrides`. */
export const fakeAlarm = (
  overrides: Partial<Alarm> & Pick<Alarm, 'id' | 'environment_id'>,
): Omit<Alarm, 'revision'> => ({
  device_id: 1,
  device_name: 'device 1',
  device_attribute_type: 1,
  severity: 2,
  peak_severity: 2,
  state: 'active',
  last_value: '80 °C',
  breach_count: 1,
  opened_at: '2026-11-27T10:00:00.000Z',
  last_breach_at: '2026-11-27T10:00:00.000Z',
  cleared_at: null,
  acknowledged: false,
  acknowledged_by: null,
  acknowledged_at: null,
  acknowledgement_note: null,
  silenced: false,
  stale: false,
  ...overrides,
});

const underConfig = (path: string) => path.slice(CONFIG_PREFIX.length);

/** Whether a config/{env} path is the alarms': they are read with logs view, as the provider does. */
export const isAlarmsPath = (path: string) => path.startsWith(underConfig(API.alarms.list.path));

/** Serves the counts and takes acknowledgements under the fake's config/{env} router. */
export function addFakeAlarmRoutes(
  config: express.Router,
  alarms: FakeAlarms,
  environmentOf: (request: express.Request) => number,
): void {
  config.get(underConfig(API.alarms.counts.path), (request, response) => {
    const environmentId = environmentOf(request);
    alarms.asked.set(environmentId, (alarms.asked.get(environmentId) ?? 0) + 1);
    const counts = alarms.counts.get(environmentId);
    if (!counts) {
      response.status(404).json(apiErrorBody(HttpErrorKind.NOT_FOUND, 'Not found'));
      return;
    }
    response.json({ alarm_counts: counts });
  });
  config.get(underConfig(API.alarms.changes.path), (request, response) => {
    const environmentId = environmentOf(request);
    alarms.changesAsked.set(environmentId, (alarms.changesAsked.get(environmentId) ?? 0) + 1);
    const after = request.query.after === undefined ? undefined : Number(request.query.after);
    const mine = [...alarms.alarms.values()].filter((alarm) => alarm.environment_id === environmentId);
    if (after === undefined) {
      response.json({ alarms: [], revision: Math.max(0, ...mine.map((alarm) => alarm.revision)), more: false });
      return;
    }
    const changed = mine.filter((alarm) => alarm.revision > after).sort((a, b) => a.revision - b.revision);
    response.json({ alarms: changed, revision: changed.at(-1)?.revision ?? after, more: false });
  });
  config.post(underConfig(API.alarms.acknowledge.path), express.json(), (request, response) => {
    alarms.acknowledgements.push({ environmentId: environmentOf(request), body: request.body as unknown });
    response.json({ acknowledged: [], already_acknowledged: [], not_found: [] });
  });
}
