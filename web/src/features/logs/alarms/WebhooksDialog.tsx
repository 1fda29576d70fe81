import {
  Button,
  Callout,
  ControlGroup,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import {
  API,
  AlarmWebhookCreateSchema,
  COPY_SNACKBAR_TIMEOUT_MS,
  Severity,
  TestId,
  WEBHOOK_MAX_PER_ENVIRONMENT,
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
  type AlarmWebhook,
  type AlarmWebhookCreated,
} from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAlert, fieldErrorText, formErrorOf } from '../../../crud';
import { api, errorDetail, errorMessage, useApiValue } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { ltrIsolate, outboundFailureText, SEVERITY_LABEL_KEYS } from '../../../lib/i18n';
import { useTimeFormat } from '../../../lib/time-zone';
import { notifyError, notifySuccess } from '../../../lib/notify';

export interface WebhooksDialogProps {
  readonly environmentId: number;
  readonly onClose: () => void;
}

const SEVERITIES = [Severity.MINOR, Severity.MAJOR, Severity.CRITICAL] as const;

/** How a receiver checks a delivery (README, Alarms → Webhooks). */
const SIGNATURE_FORMULA = 'X-Halo-Signature: sha256=hex(HMAC-SHA256(secret, X-Halo-Timestamp + "." + body))';

/** How a target's deliveries stand, in a line: delivered, failing (why, and when it tries again), or not yet. */
function DeliveryState({ webhook }: { readonly webhook: AlarmWebhook }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const failing = webhook.last_error !== null || (webhook.last_status !== null && webhook.last_status >= 300);
  return (
    <div className="alarms-webhook-delivery">
      {webhook.last_attempt_at === null ? (
        <span className="bp6-text-muted">{t('alarms.webhooks.neverAttempted')}</span>
      ) : failing ? (
        <Tag minimal intent="danger" icon="error">
          {t('alarms.webhooks.failed', {
            time: ltrIsolate(time.timestamp(webhook.last_attempt_at)),
            reason:
              outboundFailureText(t, webhook.last_error) ??
              t('alarms.webhooks.status', { status: webhook.last_status }),
          })}
        </Tag>
      ) : (
        <Tag minimal intent="success" icon="tick">
          {t('alarms.webhooks.delivered', {
            time: ltrIsolate(time.timestamp(webhook.last_attempt_at)),
            status: webhook.last_status ?? '',
          })}
        </Tag>
      )}
      {webhook.last_delivered_at !== null && failing && (
        <span className="bp6-text-muted">
          {' '}
          {t('alarms.webhooks.lastDelivered', { time: ltrIsolate(time.timestamp(webhook.last_delivered_at)) })}
        </span>
      )}
      {webhook.next_attempt_at !== null && (
        <span className="bp6-text-muted">
          {' '}
          {t('alarms.webhooks.retry', {
            count: webhook.attempts,
            time: ltrIsolate(time.timestamp(webhook.next_attempt_at)),
          })}
        </span>
      )}
    </div>
  );
}

/**
 * Alarm webhooks (managers): the environment's targets with how their deliveries stand, a test
 * sent on demand, delete with confirmation, and a new target whose signing secret is shown once.
 */
export function WebhooksDialog({ environmentId, onClose }: WebhooksDialogProps) {
  const { t } = useTranslation();
  const [generation, setGeneration] = useState(0);
  const listed = useApiValue(
    (signal) => api.call(API.webhooks.list, { params: { environmentId } }, { signal }),
    `${environmentId}#${generation}`,
  );
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [minSeverity, setMinSeverity] = useState<(typeof SEVERITIES)[number]>(Severity.MINOR);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [created, setCreated] = useState<AlarmWebhookCreated | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<AlarmWebhook | null>(null);
  const reload = () => setGeneration((value) => value + 1);

  const webhooks = listed.value?.webhooks ?? [];
  const full = webhooks.length >= WEBHOOK_MAX_PER_ENVIRONMENT;
  const body = { name, url, min_severity: minSeverity };
  const checked = AlarmWebhookCreateSchema.safeParse(body);
  const formError = failure === null ? null : formErrorOf(failure);
  const urlProblem = formError?.fields.url ? fieldErrorText(t, formError.fields.url, t('alarms.webhooks.url')) : null;
  const nameProblem = formError?.fields.name
    ? fieldErrorText(t, formError.fields.name, t('alarms.webhooks.name'))
    : null;

  const create = () => {
    setBusy(true);
    setFailure(null);
    api
      .call(API.webhooks.create, { params: { environmentId }, body })
      .then((answer) => {
        setCreated(answer);
        setName('');
        setUrl('');
        reload();
      })
      .catch((error: unknown) => setFailure(error))
      .finally(() => setBusy(false));
  };
  const test = (webhook: AlarmWebhook) => {
    setTesting(webhook.id);
    api
      .call(API.webhooks.test, { params: { environmentId, id: webhook.id } })
      .then((result) => {
        if (result.delivered) notifySuccess(t('alarms.webhooks.testDelivered', { status: result.status ?? '' }));
        else
          notifyError(
            t('alarms.webhooks.testFailed', {
              reason:
                outboundFailureText(t, result.error) ?? t('alarms.webhooks.status', { status: result.status ?? '' }),
            }),
          );
        reload();
      })
      .catch((error: unknown) => notifyError(errorMessage(t, error)))
      .finally(() => setTesting(null));
  };
  const remove = (webhook: AlarmWebhook) => {
    setBusy(true);
    api
      .call(API.webhooks.remove, { params: { environmentId, id: webhook.id } })
      .then(() => {
        notifySuccess(t('alarms.webhooks.deleted'));
        if (created?.webhook.id === webhook.id) setCreated(null);
        reload();
      })
      .catch((error: unknown) => notifyError(errorMessage(t, error)))
      .finally(() => {
        setBusy(false);
        setDeleting(null);
      });
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('alarms.webhooks.title')}
      icon="send-message"
      className="alarms-webhooks-dialog"
    >
      <form
        data-testid={TestId.alarms.webhookDialog}
        onSubmit={(event) => {
          event.preventDefault();
          if (checked.success && !full) create();
        }}
      >
        <DialogBody>
          <p>{t('alarms.webhooks.explain')}</p>
          {listed.error !== null && (
            <Callout intent="danger" icon="error" role="alert">
              {errorMessage(t, listed.error)}
            </Callout>
          )}
          {created && (
            <Callout intent="success" icon="key" role="status" title={t('alarms.webhooks.secretTitle')}>
              <p>{t('alarms.webhooks.secretOnce', { name: created.webhook.name })}</p>
              <ControlGroup fill>
                <InputGroup
                  readOnly
                  dir="ltr"
                  value={created.secret}
                  aria-label={t('alarms.webhooks.secretTitle')}
                  onFocus={(event) => event.currentTarget.select()}
                  data-testid={TestId.alarms.webhookSecret}
                />
                <Button
                  icon="duplicate"
                  text={t('alarms.webhooks.copy')}
                  onClick={() =>
                    void copyText(created.secret).then(() =>
                      notifySuccess(t('alarms.webhooks.copied'), COPY_SNACKBAR_TIMEOUT_MS),
                    )
                  }
                  data-testid={TestId.alarms.webhookSecretCopy}
                />
              </ControlGroup>
            </Callout>
          )}
          {webhooks.length === 0 ? (
            <p className="bp6-text-muted">{listed.loading ? '' : t('alarms.webhooks.none')}</p>
          ) : (
            <ul className="alarms-webhooks" data-testid={TestId.alarms.webhookList}>
              {webhooks.map((webhook) => (
                <li key={webhook.id} data-testid={TestId.alarms.webhookRow(webhook.id)}>
                  <div className="alarms-webhook-head">
                    <strong>
                      <bdi>{webhook.name}</bdi>
                    </strong>{' '}
                    <Tag minimal>{t(SEVERITY_LABEL_KEYS[webhook.min_severity])}+</Tag>
                    <span className="logs-toolbar-spacer" />
                    <Button
                      small
                      icon="send-message"
                      text={t('alarms.webhooks.test')}
                      loading={testing === webhook.id}
                      disabled={testing !== null}
                      onClick={() => test(webhook)}
                      data-testid={TestId.alarms.webhookTest(webhook.id)}
                    />
                    <Button
                      small
                      minimal
                      intent="danger"
                      icon="trash"
                      text={t('alarms.webhooks.delete')}
                      onClick={() => setDeleting(webhook)}
                      data-testid={TestId.alarms.webhookDelete(webhook.id)}
                    />
                  </div>
                  <code className="alarms-webhook-url" dir="ltr">
                    {webhook.url}
                  </code>
                  <DeliveryState webhook={webhook} />
                </li>
              ))}
            </ul>
          )}
          <h4>{t('alarms.webhooks.add')}</h4>
          {formError && !urlProblem && !nameProblem && (
            <Callout intent="danger" icon="error" role="alert">
              {errorDetail(t, failure) ?? errorMessage(t, failure)}
            </Callout>
          )}
          {full && (
            <p className="bp6-text-muted">{t('alarms.webhooks.full', { count: WEBHOOK_MAX_PER_ENVIRONMENT })}</p>
          )}
          <FormGroup
            label={t('alarms.webhooks.name')}
            labelFor="alarms-webhook-name"
            intent={nameProblem ? 'danger' : 'none'}
            helperText={nameProblem}
          >
            <InputGroup
              id="alarms-webhook-name"
              dir="auto"
              value={name}
              maxLength={WEBHOOK_NAME_MAX_LENGTH}
              disabled={full}
              intent={nameProblem ? 'danger' : 'none'}
              onChange={(event) => setName(event.currentTarget.value)}
              data-testid={TestId.alarms.webhookName}
            />
          </FormGroup>
          <FormGroup
            label={t('alarms.webhooks.url')}
            labelFor="alarms-webhook-url"
            intent={urlProblem ? 'danger' : 'none'}
            helperText={urlProblem ?? t('alarms.webhooks.urlHelp')}
          >
            <InputGroup
              id="alarms-webhook-url"
              dir="ltr"
              value={url}
              maxLength={WEBHOOK_URL_MAX_LENGTH}
              placeholder="https://hooks.example.com/halo"
              disabled={full}
              intent={urlProblem ? 'danger' : 'none'}
              onChange={(event) => setUrl(event.currentTarget.value)}
              data-testid={TestId.alarms.webhookUrl}
            />
          </FormGroup>
          <FormGroup label={t('alarms.webhooks.minSeverity')} labelFor="alarms-webhook-severity">
            <HTMLSelect
              id="alarms-webhook-severity"
              value={minSeverity}
              disabled={full}
              onChange={(event) =>
                setMinSeverity(
                  SEVERITIES.find((value) => value === Number(event.currentTarget.value)) ?? Severity.MINOR,
                )
              }
              data-testid={TestId.alarms.webhookSeverity}
              options={SEVERITIES.map((value) => ({
                value,
                label: t('alarms.webhooks.atLeast', { severity: t(SEVERITY_LABEL_KEYS[value]) }),
              }))}
            />
          </FormGroup>
          <p className="bp6-text-muted">
            {t('alarms.webhooks.signature')} {/* A formula, not prose: the same in every language, left to right. */}
            <code dir="ltr">{SIGNATURE_FORMULA}</code>
          </p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('alarms.webhooks.close')} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                icon="add"
                loading={busy}
                disabled={!checked.success || full}
                text={t('alarms.webhooks.create')}
                data-testid={TestId.alarms.webhookCreate}
              />
            </>
          }
        />
      </form>
      <ConfirmAlert
        isOpen={deleting !== null}
        busy={busy}
        icon="trash"
        intent="danger"
        confirmText={t('alarms.webhooks.delete')}
        cancelText={t('alarms.webhooks.cancel')}
        testId={TestId.alarms.webhookDeleteConfirm}
        onConfirm={() => {
          if (deleting) remove(deleting);
        }}
        onCancel={() => setDeleting(null)}
      >
        {t('alarms.webhooks.deleteConfirm', { name: deleting?.name ?? '' })}
      </ConfirmAlert>
    </Dialog>
  );
}
