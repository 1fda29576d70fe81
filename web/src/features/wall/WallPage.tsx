import { Icon, NonIdealState, Tag } from '@blueprintjs/core';
import {
  CLOCK_TICK_MS,
  ROUTES,
  SEVERITY_COLORS,
  SEVERITY_NAMES,
  TestId,
  formatServerClock,
  serverNow,
} from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeProblem } from '../../lib/fleet';
import { logEntryText, severityLabelKey } from '../../lib/i18n';
import { useNow, useObservableValue } from '../../lib/realtime';
import { useSessionSelector } from '../../lib/session';
import { alarmCountTiles, SilenceBanner } from '../logs';
import { useNewAlarmFlags } from './newAlarmFlags';
import { dataAgeSeconds, useWallConnection, type WallConnection } from './useWallConnection';
import { useRowsThatFit } from './useRowsThatFit';
import { adoptWallToken, forgetWallToken } from './wallToken';
import './wall.css';
import { STATUS_TEXT_COLORS } from '../../lib/theme';
import { TimeOfDay } from '../../lib/time-zone';

/** At most this many rows per list; fewer when fewer fit the screen whole (useRowsThatFit). */
const PROBLEM_ROWS = 12;
const ALERT_ROWS = 14;

/** The display token a manager issued wins; a logged-in user's own session is the fallback. */
function useWallToken(): string | null {
  const [displayToken] = useState(() => adoptWallToken());
  const userToken = useSessionSelector((snapshot) => snapshot.context.session?.token.access_token ?? null);
  return displayToken ?? userToken;
}

/**
 * The NOC wall: read-only, full screen, readable across a room. Counts by status, problem
 * devices first, a live alert feed coloured by severity, and the age of the data whenever the
 * socket or the upstream is not live.
 */
export function WallPage() {
  const { t } = useTranslation();
  const token = useWallToken();
  const connection = useWallConnection(token);

  useEffect(() => {
    document.documentElement.classList.add('halo-wall-document');
    return () => document.documentElement.classList.remove('halo-wall-document');
  }, []);

  if (connection.kind !== 'connected') return <WallMessage connection={connection} />;
  return (
    <WallBoard connection={connection} title={t('wall.title', { environment: connection.session.environment_name })} />
  );
}

function WallMessage({ connection }: { readonly connection: Exclude<WallConnection, { kind: 'connected' }> }) {
  const { t } = useTranslation();
  const description = {
    noToken: t('wall.message.noToken'),
    checking: t('wall.message.checking'),
    unreachable: t('wall.message.unreachable'),
    ended:
      connection.kind === 'ended' && connection.reason === 'revoked'
        ? t('wall.message.revoked')
        : t('wall.message.ended'),
  }[connection.kind];
  useEffect(() => {
    if (connection.kind === 'ended') forgetWallToken();
  }, [connection.kind]);
  return (
    <div className="halo-wall halo-wall--message" data-testid={TestId.wall.page}>
      <NonIdealState
        icon={connection.kind === 'checking' ? 'refresh' : 'offline'}
        title={<span data-testid={TestId.wall.message}>{description}</span>}
        action={
          connection.kind === 'checking' ? undefined : <Link to={ROUTES.login}>{t('wall.message.loginLink')}</Link>
        }
      />
    </div>
  );
}

function WallBoard({
  connection,
  title,
}: {
  readonly connection: Extract<WallConnection, { kind: 'connected' }>;
  readonly title: string;
}) {
  const { t } = useTranslation();
  const summary = useObservableValue(connection.feed.summary$, null);
  const feedState = useObservableValue(connection.feed.state$, { kind: 'connecting' } as const);
  const now = useNow(CLOCK_TICK_MS);
  const counts = summary?.counts;
  const problems = summary?.problems ?? [];
  const problemCount = summary?.problemCount ?? 0;
  const alerts = summary?.alerts ?? [];
  const [problemList, problemRows] = useRowsThatFit(PROBLEM_ROWS, problems);
  const [alertList, alertRows] = useRowsThatFit(ALERT_ROWS, alerts);
  // When not every problem fits, the last row that does says how many more there are.
  const problemsShown = problemCount > problemRows ? problemRows - 1 : problemRows;

  // Fresh while the socket and the upstream are live; otherwise how old the last good data is.
  const live = connection.staleSince === null && feedState.kind === 'live';
  const ageSeconds = dataAgeSeconds(connection, now);

  const alarmTiles = alarmCountTiles(summary?.alarms);
  const newAlarms = useNewAlarmFlags(alarmTiles, now);

  const tiles = [
    { key: 'connected', labelKey: 'wall.count.connected', value: counts?.connected, color: STATUS_TEXT_COLORS.online },
    {
      key: 'notConnected',
      labelKey: 'wall.count.notConnected',
      value: counts?.notConnected,
      color: STATUS_TEXT_COLORS.offline,
    },
    {
      key: 'mainAppOffline',
      labelKey: 'wall.count.mainAppOffline',
      value: counts?.mainAppOffline,
      color: SEVERITY_COLORS.major,
    },
    { key: 'nonActivated', labelKey: 'wall.count.nonActivated', value: counts?.nonActivated, color: '#5F6B7C' },
  ] as const;

  return (
    <div className="halo-wall" data-testid={TestId.wall.page}>
      <header className="halo-wall__header">
        <h1 className="halo-wall__title">{title}</h1>
        {!live && (
          <Tag large intent="warning" icon="time" className="halo-wall__age" data-testid={TestId.wall.dataAge}>
            {ageSeconds === null ? t('wall.age.unknown') : t('wall.age.seconds', { count: ageSeconds })}
          </Tag>
        )}
        {/* 'D MMM, YYYY HH:mm:ss (UTC)' reads left to right in either language. */}
        <span className="halo-wall__clock" data-testid={TestId.wall.clock} dir="ltr">
          {connection.clock ? formatServerClock(serverNow(connection.clock, now)) : ''}
        </span>
      </header>
      {feedState.kind === 'refused' && <div className="halo-wall__refused">{t('wall.message.refused')}</div>}
      <section className="halo-wall__tiles">
        <div className="halo-wall__tile" data-testid={TestId.wall.count('total')}>
          <span className="halo-wall__tile-value">{counts?.total ?? '–'}</span>
          <span className="halo-wall__tile-label">{t('wall.count.total')}</span>
        </div>
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className="halo-wall__tile"
            style={{ borderColor: tile.color }}
            data-testid={TestId.wall.count(tile.key)}
          >
            <span className="halo-wall__tile-value" style={{ color: tile.color }}>
              {tile.value ?? '–'}
            </span>
            <span className="halo-wall__tile-label">{t(tile.labelKey)}</span>
          </div>
        ))}
        {alarmTiles.map((alarm) => (
          <div
            key={`alarm-${alarm.severity}`}
            className={`halo-wall__tile${newAlarms.has(alarm.severity) ? ' halo-wall__tile--new' : ''}`}
            style={{ borderColor: alarm.color }}
            data-testid={TestId.wall.alarmCount(alarm.severity)}
            data-new={newAlarms.has(alarm.severity) ? 'true' : undefined}
          >
            <span className="halo-wall__tile-value" style={{ color: alarm.count > 0 ? alarm.color : '#5F6B7C' }}>
              {alarm.count}
            </span>
            <span className="halo-wall__tile-label">
              {t('wall.count.alarms', { severity: t(severityLabelKey(alarm.severity)) })}
              {newAlarms.has(alarm.severity) && (
                <Tag intent="danger" className="halo-wall__new">
                  {t('wall.count.newAlarms')}
                </Tag>
              )}
            </span>
          </div>
        ))}
      </section>
      {/* Seen across the room: a silence in force says so, or its 0s would look like calm. */}
      <SilenceBanner counts={summary?.alarms} variant="wall" />
      <main className="halo-wall__columns">
        <section className="halo-wall__panel">
          <h2>{t('wall.problems.title', { count: problemCount })}</h2>
          {problems.length === 0 ? (
            <p className="halo-wall__calm">
              <Icon icon="tick-circle" size={28} color={STATUS_TEXT_COLORS.online} /> {t('wall.problems.none')}
            </p>
          ) : (
            <ol className="halo-wall__list" data-testid={TestId.wall.problems} ref={problemList}>
              {problems.slice(0, problemsShown).map((problem) => {
                const { label, detail, detailDir } = describeProblem(t, problem);
                const severity = SEVERITY_NAMES[problem.severity] ?? 'minor';
                return (
                  <li
                    key={problem.id}
                    className="halo-wall__problem"
                    style={{ borderInlineStartColor: SEVERITY_COLORS[severity] }}
                    data-severity={severity}
                  >
                    <span className="halo-wall__device">{problem.name}</span>
                    <span className="halo-wall__kind" style={{ color: SEVERITY_COLORS[severity] }}>
                      {label}
                    </span>
                    {detail && (
                      <span className="halo-wall__alert-text" dir={detailDir}>
                        {detail}
                      </span>
                    )}
                  </li>
                );
              })}
              {problemCount > problemsShown && (
                <li className="halo-wall__more">{t('wall.problems.more', { count: problemCount - problemsShown })}</li>
              )}
            </ol>
          )}
        </section>
        <section className="halo-wall__panel">
          <h2>{t('wall.alerts.title')}</h2>
          {alerts.length === 0 ? (
            <p className="halo-wall__calm">{t('wall.alerts.none')}</p>
          ) : (
            <ol className="halo-wall__list" data-testid={TestId.wall.alerts} ref={alertList}>
              {alerts.slice(0, alertRows).map((alert) => {
                const severity = SEVERITY_NAMES[alert.severity] ?? 'normal';
                const { text, dir } = logEntryText(t, alert, false);
                return (
                  <li
                    key={alert.id}
                    className="halo-wall__alert"
                    style={{ borderInlineStartColor: SEVERITY_COLORS[severity] }}
                  >
                    <span className="halo-wall__alert-time">
                      <TimeOfDay iso={alert.log_time} />
                    </span>
                    <span className="halo-wall__device">{alert.device_name ?? '-'}</span>
                    {/* In the reader's language; another's words (an upstream's) in their own direction. */}
                    <span className="halo-wall__alert-text" dir={dir}>
                      {text}
                    </span>
                  </li>
                );
              })}
            </ol>
          )}
        </section>
      </main>
    </div>
  );
}
