import { Button, Callout, HTMLTable, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { API, can, TestId, type AlarmSilence } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, errorMessage, useApiValue } from '../../../lib/api';
import { notifySuccess } from '../../../lib/notify';
import { useNow } from '../../../lib/realtime';
import { useSessionSubject } from '../../../lib/session';
import { silenceSubject } from './SilenceBanner';
import { SilencesDialog } from './SilencesDialog';
import { Timestamp } from '../../../lib/time-zone';

/**
 * Planned (it starts later), or in force. One set to start at once starts when it was made, by
 * the server's clock: never "planned", whatever this browser's clock says.
 */
const isPlanned = (silence: AlarmSilence, now: number) =>
  Date.parse(silence.starts_at) > Date.parse(silence.created_at) && Date.parse(silence.starts_at) > now;

/**
 * The silences of the environment on a screen of their own (issue 39, item 2): each in force or
 * planned, what it silences, from when until when, who set it and why, and ending one; a new
 * silence, now or planned ahead, for a group or the whole environment.
 */
export function SilencesPage() {
  const { t } = useTranslation();
  const { environmentId, subject } = useSessionSubject();
  const [generation, setGeneration] = useState(0);
  const listed = useApiValue(
    (signal) => api.call(API.silences.list, { params: { environmentId } }, { signal }),
    `${environmentId}#${generation}`,
  );
  const [creating, setCreating] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const maySilence = can(subject, 'alarms.silence');
  const reload = () => setGeneration((value) => value + 1);
  const end = (silence: AlarmSilence) => {
    setFailure(null);
    api
      .call(API.silences.end, { params: { environmentId, id: silence.id } })
      .then(() => {
        notifySuccess(t('alarms.silences.ended'));
        reload();
      })
      .catch((error: unknown) => setFailure(error));
  };
  // A planned silence comes into force while the page is open: its state follows the clock.
  const now = useNow(15_000);
  const silences = listed.value?.silences ?? [];

  return (
    <div className="silences-page" data-testid={TestId.alarms.silencesPage}>
      <p>{t('alarms.silences.explain')}</p>
      {maySilence && (
        <Button
          intent="primary"
          icon="notifications-snooze"
          text={t('alarms.silencesPage.new')}
          onClick={() => setCreating(true)}
          data-testid={TestId.alarms.silencesNew}
        />
      )}
      {(failure !== null || (listed.error !== null && !listed.value)) && (
        <Callout intent="danger" icon="error" role="alert">
          {errorMessage(t, failure ?? listed.error)}
          {failure === null && (
            <Button variant="minimal" icon="refresh" onClick={listed.reload} text={t('alarms.silencesPage.retry')} />
          )}
        </Callout>
      )}
      {!listed.value && listed.loading ? (
        <Spinner size={24} />
      ) : silences.length === 0 && listed.value ? (
        <NonIdealState
          icon="notifications"
          title={t('alarms.silences.none')}
          description={t('alarms.silencesPage.emptyDescription')}
        />
      ) : (
        silences.length > 0 && (
          <HTMLTable striped className="silences-table" data-testid={TestId.alarms.silenceList}>
            <thead>
              <tr>
                <th>{t('alarms.silencesPage.columns.what')}</th>
                <th>{t('alarms.silencesPage.columns.state')}</th>
                <th>{t('alarms.silencesPage.columns.from')}</th>
                <th>{t('alarms.silencesPage.columns.until')}</th>
                <th>{t('alarms.silencesPage.columns.by')}</th>
                <th>{t('alarms.silencesPage.columns.reason')}</th>
                <th>
                  <span className="bp6-text-muted">{t('alarms.silencesPage.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {silences.map((silence) => (
                <tr key={silence.id} data-testid={TestId.alarms.silenceRow(silence.id)}>
                  <td>
                    <bdi>{silenceSubject(t, silence)}</bdi>
                  </td>
                  <td>
                    {isPlanned(silence, now) ? (
                      <Tag minimal intent="primary" icon="time">
                        {t('alarms.silencesPage.planned')}
                      </Tag>
                    ) : (
                      <Tag intent="warning" icon="notifications-snooze">
                        {t('alarms.silencesPage.inForce')}
                      </Tag>
                    )}
                  </td>
                  <td dir="ltr">
                    <Timestamp iso={silence.starts_at} />
                  </td>
                  <td dir="ltr">
                    <Timestamp iso={silence.ends_at} />
                  </td>
                  <td>
                    <bdi>{silence.created_by}</bdi>
                  </td>
                  <td>
                    <bdi>{silence.reason}</bdi>
                  </td>
                  <td>
                    {maySilence && silence.may_end ? (
                      <Button
                        small
                        variant="minimal"
                        intent="danger"
                        icon="stop"
                        text={t('alarms.silences.end')}
                        onClick={() => end(silence)}
                        data-testid={TestId.alarms.silenceEnd(silence.id)}
                      />
                    ) : (
                      !silence.may_end && (
                        <Tag minimal icon="lock" title={t('alarms.silences.setAbove')}>
                          {t('alarms.silencesPage.setAboveShort')}
                        </Tag>
                      )
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )
      )}
      {creating && (
        <SilencesDialog
          environmentId={environmentId}
          deviceIds={[]}
          onClose={() => setCreating(false)}
          onChanged={reload}
        />
      )}
    </div>
  );
}
