import './satcomTarget.css';
import { Button, Callout, Card, FormGroup, H4, InputGroup, Spinner, Tag, Tooltip } from '@blueprintjs/core';
import { API, can, SatcomLinkStatus, SatcomTargetUpdateSchema, TestId, type SatcomTarget } from '@halo/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAlert, fieldErrorText, formErrorOf } from '../../crud';
import { api, errorMessage, useApiValue } from '../../lib/api';
import { outboundFailureText, SATCOM_LINK_LABEL_KEYS } from '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { useSessionSubject } from '../../lib/session';
import { Timestamp } from '../../lib/time-zone';

const STATUS_INTENTS = {
  [SatcomLinkStatus.DISABLED]: 'none',
  [SatcomLinkStatus.MISCONFIGURED]: 'danger',
  [SatcomLinkStatus.CONNECTED]: 'primary',
  [SatcomLinkStatus.TRANSMITTED]: 'success',
} as const;

/** How often the page asks how the link is doing. */
const STATUS_REFRESH_MS = 5000;

function LinkStatus({ target }: { readonly target: SatcomTarget }) {
  const { t } = useTranslation();
  if (!target.checked) {
    return (
      <Tag large minimal icon="time" data-testid={TestId.satcom.status} data-status="checking">
        {t('satcom.page.checking')}
      </Tag>
    );
  }
  return (
    <Tag
      large
      intent={STATUS_INTENTS[target.link_status]}
      icon={target.link_status === SatcomLinkStatus.TRANSMITTED ? 'tick-circle' : undefined}
      data-testid={TestId.satcom.status}
      data-status={target.link_status}
    >
      {t(SATCOM_LINK_LABEL_KEYS[target.link_status])}
    </Tag>
  );
}

/**
 * Admin › Satcom target: where the environment's satellite messages are forwarded. The URL
 * is shown; the API key never is (the page says whether one is stored, and a new one replaces
 * it). The link's status (section 4), when messages last went through, what is waiting and the
 * last error follow the forwarder.
 */
export function SatcomTargetPage() {
  const { t } = useTranslation();
  const { subject, environmentId } = useSessionSubject();
  const mayChange = can(subject, 'satcomTarget.update');
  const [tick, setTick] = useState(0);
  const target = useApiValue<SatcomTarget>(
    async (signal) => (await api.call(API.satcom.target, { params: { environmentId } }, { signal })).satcom_target,
    `${environmentId}/${tick}`,
  );
  useEffect(() => {
    const timer = window.setInterval(() => setTick((value) => value + 1), STATUS_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const current = target.value;
  const [url, setUrl] = useState<string | null>(null);
  const [apiKey, setApiKey] = useState('');
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [removing, setRemoving] = useState(false);
  const shownUrl = url ?? current?.url ?? '';
  const body = { satcom_target: { url: shownUrl, ...(apiKey ? { api_key: apiKey } : {}) } };
  const checked = SatcomTargetUpdateSchema.safeParse(body);
  const formError = failure === null ? null : formErrorOf(failure);
  const fieldProblem = (field: 'url' | 'api_key', labelKey: string) => {
    const server = formError?.fields[field];
    if (server) return fieldErrorText(t, server, t(labelKey));
    if (checked.success || (field === 'url' && url === null)) return null;
    const issue = checked.error.issues.find((candidate) => candidate.path.at(-1) === field);
    return issue ? t(issue.message, { 0: t(labelKey) }) : null;
  };
  const needsKey = !current?.has_api_key && !apiKey;

  const save = () => {
    setSaving(true);
    setFailure(null);
    api
      .call(API.satcom.setTarget, { params: { environmentId }, body }, { discardAnswer: true })
      .then(() => {
        notifySuccess(t('satcom.page.saved'));
        setApiKey('');
        setUrl(null);
        setTick((value) => value + 1);
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setSaving(false));
  };
  const remove = () => {
    setSaving(true);
    api
      .call(API.satcom.removeTarget, { params: { environmentId } }, { discardAnswer: true })
      .then(() => {
        notifySuccess(t('satcom.page.removed'));
        setRemoving(false);
        setUrl(null);
        setTick((value) => value + 1);
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setSaving(false));
  };

  if (!current) {
    return target.error !== null ? (
      <Callout intent="danger" icon="error" role="alert">
        {errorMessage(t, target.error)}
      </Callout>
    ) : (
      <Spinner />
    );
  }
  const urlProblem = fieldProblem('url', 'satcom.page.url');
  const keyProblem = fieldProblem('api_key', 'satcom.page.apiKey');
  return (
    <section className="satcom-screen">
      <Card className="satcom-card">
        <H4>{t('satcom.page.statusTitle')}</H4>
        <div className="satcom-status">
          <LinkStatus target={current} />
          {current.url && (
            <dl className="satcom-facts">
              <dt>{t('satcom.page.lastTransmitted')}</dt>
              <dd dir="ltr">
                {current.last_transmitted_at ? <Timestamp iso={current.last_transmitted_at} /> : t('satcom.page.never')}
              </dd>
              <dt>{t('satcom.page.pending')}</dt>
              <dd data-testid={TestId.satcom.pending}>{current.pending}</dd>
              {current.next_attempt_at && (
                <>
                  <dt>{t('satcom.page.nextAttempt')}</dt>
                  <dd dir="ltr">
                    <Timestamp iso={current.next_attempt_at} />
                  </dd>
                </>
              )}
            </dl>
          )}
        </div>
        {!current.url && <p className="bp6-text-muted">{t('satcom.page.disabledHelp')}</p>}
        {current.last_error && (
          <Callout intent="warning" icon="warning-sign" data-testid={TestId.satcom.error}>
            {t('satcom.page.lastError', { error: outboundFailureText(t, current.last_error) ?? '' })}
          </Callout>
        )}
      </Card>
      <Card className="satcom-card">
        <H4>{t('satcom.page.formTitle')}</H4>
        <p className="bp6-text-muted">{t('satcom.page.description')}</p>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (checked.success && !needsKey) save();
          }}
        >
          <FormGroup
            label={t('satcom.page.url')}
            labelFor="satcom-url"
            labelInfo={t('satcom.page.required')}
            intent={urlProblem ? 'danger' : 'none'}
            helperText={urlProblem ?? t('satcom.page.urlHelp')}
          >
            <InputGroup
              id="satcom-url"
              value={shownUrl}
              placeholder="https://satcom.example.com/messages"
              disabled={!mayChange}
              intent={urlProblem ? 'danger' : 'none'}
              onChange={(event) => setUrl(event.currentTarget.value)}
              dir="ltr"
              data-testid={TestId.satcom.url}
            />
          </FormGroup>
          <FormGroup
            label={t('satcom.page.apiKey')}
            labelFor="satcom-api-key"
            intent={keyProblem ? 'danger' : 'none'}
            helperText={keyProblem ?? (current.has_api_key ? t('satcom.page.keyStored') : t('satcom.page.keyNeeded'))}
          >
            <InputGroup
              id="satcom-api-key"
              type="password"
              autoComplete="new-password"
              value={apiKey}
              placeholder={current.has_api_key ? t('satcom.page.keyPlaceholderStored') : ''}
              disabled={!mayChange}
              intent={keyProblem ? 'danger' : 'none'}
              onChange={(event) => setApiKey(event.currentTarget.value)}
              dir="ltr"
              data-testid={TestId.satcom.apiKey}
            />
          </FormGroup>
          {current.has_api_key && (
            <Tag minimal icon="key" data-testid={TestId.satcom.keyStored}>
              {t('satcom.page.keyIsStored')}
            </Tag>
          )}
          {formError && Object.keys(formError.fields).length === 0 && (
            <Callout intent="danger" icon="error" role="alert">
              {errorMessage(t, failure)}
            </Callout>
          )}
          <div className="satcom-actions">
            <Tooltip content={t('crud.list.noPermission')} disabled={mayChange}>
              <Button
                type="submit"
                intent="primary"
                icon="floppy-disk"
                text={t('satcom.page.save')}
                loading={saving}
                disabled={!mayChange || !checked.success || needsKey}
                data-testid={TestId.satcom.save}
              />
            </Tooltip>
            {current.url && (
              <Button
                intent="danger"
                minimal
                icon="trash"
                text={t('satcom.page.remove')}
                disabled={!mayChange}
                onClick={() => setRemoving(true)}
                data-testid={TestId.satcom.remove}
              />
            )}
          </div>
        </form>
      </Card>
      <ConfirmAlert
        isOpen={removing}
        busy={saving}
        icon="trash"
        intent="danger"
        confirmText={t('satcom.page.remove')}
        cancelText={t('satcom.page.cancel')}
        testId={TestId.satcom.removeConfirm}
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      >
        {t('satcom.page.removeBody')}
      </ConfirmAlert>
    </section>
  );
}
