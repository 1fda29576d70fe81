import { API, CONFIG_PREFIX, apiErrorBody, HttpErrorKind, type AlarmCounts } from '@halo/shared';
import express from 'express';

/** The alarms extension of the fake upstream (issue 27): counts per environment, acknowledgements as received. */
export interface FakeAlarms {
  /** An environment's counts; without an entry its counts answer 404 (an upstream without alarms). */
  readonly counts: Map<number, AlarmCounts>;
  /** How many times each environment's counts were asked. */
  readonly asked: Map<number, number>;
  /** The bodies of acknowledge calls, with their environment. */
  readonly acknowledgements: { environmentId: number; body: unknown }[];
}

export const createFakeAlarms = (): FakeAlarms => ({ counts: new Map(), asked: new Map(), acknowledgements: [] });

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
  config.post(underConfig(API.alarms.acknowledge.path), express.json(), (request, response) => {
    alarms.acknowledgements.push({ environmentId: environmentOf(request), body: request.body as unknown });
    response.json({ acknowledged: [], already_acknowledged: [], not_found: [] });
  });
}
