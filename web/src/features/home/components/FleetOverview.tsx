import { Card, Elevation, H4, Icon, Tag } from '@blueprintjs/core';
import { ROUTES, SEVERITY_COLORS, SEVERITY_NAMES, TestId, type FleetProblem, type SummaryAlert } from '@halo/shared';
import { DeviceLink } from '../../../components';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { describeProblem, type ChannelSummary } from '../../../lib/fleet';
import { logEntryText, severityLabelKey } from '../../../lib/i18n';
import { useObservableValue } from '../../../lib/realtime';
import { alarmCountTiles, SilenceBanner } from '../../logs';
import { DEVICE_STATUS_PARAM } from '../../devices';
import { countTiles, type CountTile } from '../homeFleet';
import { STATUS_TEXT_COLORS } from '../../../lib/theme';
import { TimeOfDay } from '../../../lib/time-zone';

const PROBLEM_ROWS = 10;
const ALERT_ROWS = 10;
const MUTED = '#5F6B7C';

/**
 * The fleet at a glance: counts that open the Devices screen filtered, problems first, latest
 * alerts. All of it is the gateway's fleet summary (at most one small update a second), never
 * the whole fleet: Home opens as fast on 100,000 devices as on ten.
 */
export function FleetOverview({ summary$ }: { readonly summary$: ChannelSummary['summary$'] }) {
  const { t } = useTranslation();
  const summary = useObservableValue(summary$, null);
  const counts = summary?.counts;
  const problems = summary?.problems ?? [];
  const problemCount = summary?.problemCount ?? 0;
  // The Devices table's "Needing attention" judges devices by their state: a device that is a
  // problem by a recent alert alone is not in it, so the link counts what it opens.
  const alertOnlyCount = summary?.alertOnlyCount ?? 0;
  const byStateCount = problemCount - alertOnlyCount;
  const alerts = summary?.alerts ?? [];
  const tiles = countTiles({ online: STATUS_TEXT_COLORS.online, offline: STATUS_TEXT_COLORS.offline, muted: MUTED });
  const waiting = summary === null;
  const alarmTiles = alarmCountTiles(summary?.alarms);

  const tile = (entry: CountTile) => (
    <Link
      key={entry.key}
      className="home-count"
      to={entry.filter ? `${ROUTES.devices}?status=${entry.filter}` : ROUTES.devices}
      style={{ borderColor: entry.color }}
      data-testid={TestId.home.count(entry.key)}
    >
      <span className="home-count-value" style={{ color: entry.color }}>
        {counts ? counts[entry.key] : '–'}
      </span>
      <span className="home-count-label">{t(entry.labelKey)}</span>
    </Link>
  );

  return (
    <>
      <Card elevation={Elevation.ONE} className="home-card home-fleet">
        <H4>{t('home.fleet.title')}</H4>
        {waiting && <p className="bp6-text-muted">{t('home.fleet.waiting')}</p>}
        <div className="home-count-group">
          <span className="home-count-group-title">{t('home.fleet.connectionTitle')}</span>
          <div className="home-counts">{tiles.connection.map(tile)}</div>
        </div>
        <div className="home-count-group">
          <span className="home-count-group-title">{t('home.fleet.mainAppTitle')}</span>
          <div className="home-counts">{tiles.mainApp.map(tile)}</div>
        </div>
        {alarmTiles.length > 0 && (
          <div className="home-count-group">
            <span className="home-count-group-title">{t('home.fleet.alarmsTitle')}</span>
            <div className="home-counts">
              {alarmTiles.map((alarm) => (
                <Link
                  key={alarm.severity}
                  className="home-count"
                  to={alarm.link}
                  style={{ borderColor: alarm.color }}
                  data-testid={TestId.home.alarmCount(alarm.severity)}
                >
                  <span className="home-count-value" style={{ color: alarm.count > 0 ? alarm.color : MUTED }}>
                    {alarm.count}
                  </span>
                  <span className="home-count-label">{t(severityLabelKey(alarm.severity))}</span>
                </Link>
              ))}
            </div>
          </div>
        )}
        <SilenceBanner counts={summary?.alarms} />
      </Card>
      <Card elevation={Elevation.ONE} className="home-card home-problems">
        <H4>{t('home.problems.title')}</H4>
        {/* Before the first summary nothing is known: "no problems" would be a claim. */}
        {waiting ? (
          <p className="bp6-text-muted">{t('home.fleet.waiting')}</p>
        ) : problems.length === 0 ? (
          <p data-testid={TestId.home.noProblems}>
            <Icon icon="tick-circle" color={STATUS_TEXT_COLORS.online} /> {t('home.problems.none')}
          </p>
        ) : (
          <ol className="home-list" data-testid={TestId.home.problems}>
            {problems.slice(0, PROBLEM_ROWS).map((problem) => (
              <ProblemItem key={problem.id} problem={problem} />
            ))}
            {problemCount > PROBLEM_ROWS && (
              <li className="home-list-more">
                {byStateCount > 0 && (
                  <Link to={`${ROUTES.devices}?${DEVICE_STATUS_PARAM}=problems`} data-testid={TestId.home.moreProblems}>
                    {t('home.problems.all', { count: byStateCount })}
                  </Link>
                )}
                {alertOnlyCount > 0 && (
                  <span className="bp6-text-muted" data-testid={TestId.home.alertOnlyProblems}>
                    {' '}
                    {t(byStateCount > 0 ? 'home.problems.alertOnly' : 'home.problems.alertOnlyAlone', {
                      count: alertOnlyCount,
                    })}
                  </span>
                )}
              </li>
            )}
          </ol>
        )}
      </Card>
      <Card elevation={Elevation.ONE} className="home-card home-alerts">
        <H4>{t('home.alerts.title')}</H4>
        {waiting || alerts.length === 0 ? (
          <p className="bp6-text-muted">{t(waiting ? 'home.fleet.waiting' : 'home.alerts.none')}</p>
        ) : (
          <ol className="home-list" data-testid={TestId.home.alerts}>
            {alerts.slice(0, ALERT_ROWS).map((alert) => {
              const severity = SEVERITY_NAMES[alert.severity] ?? 'normal';
              return (
                <li
                  key={alert.id}
                  className="home-alert"
                  style={{ borderInlineStartColor: SEVERITY_COLORS[severity] }}
                  data-severity={severity}
                >
                  {/* When, how bad (a word as well as a colour) and which device, whole; then what. */}
                  <div className="home-alert-head">
                    <span className="home-alert-time" dir="ltr">
                      <TimeOfDay iso={alert.log_time} />
                    </span>
                    <Tag minimal className="home-alert-severity" style={{ color: SEVERITY_COLORS[severity] }}>
                      {t(severityLabelKey(alert.severity))}
                    </Tag>
                    <span className="home-alert-device">{alert.device_name ?? '-'}</span>
                  </div>
                  <AlertText alert={alert} />
                </li>
              );
            })}
          </ol>
        )}
      </Card>
    </>
  );
}

/** One device that needs attention: its name opens its page; the tag and text say what is wrong. */
function ProblemItem({ problem }: { readonly problem: FleetProblem }) {
  const { t } = useTranslation();
  const { label, detail, detailDir } = describeProblem(t, problem);
  const severity = SEVERITY_NAMES[problem.severity] ?? 'minor';
  return (
    <li
      className="home-problem"
      style={{ borderInlineStartColor: SEVERITY_COLORS[severity] }}
      data-severity={severity}
      data-kind={problem.kind}
      data-testid={TestId.home.problem(problem.id)}
    >
      <div className="home-alert-head">
        <DeviceLink className="home-problem-name" id={problem.id} name={problem.name} />
        <Tag minimal className="home-alert-severity" style={{ color: SEVERITY_COLORS[severity] }}>
          {label}
        </Tag>
      </div>
      {detail && (
        <span className="home-alert-text" dir={detailDir}>
          {detail}
        </span>
      )}
    </li>
  );
}

/** What an alert says, in the reader's language (issue 39, item 14). */
function AlertText({ alert }: { readonly alert: SummaryAlert }) {
  const { t } = useTranslation();
  const { text, dir } = logEntryText(t, alert, false);
  return (
    <span className="home-alert-text" dir={dir}>
      {text}
    </span>
  );
}
