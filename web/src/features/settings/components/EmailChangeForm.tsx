import { Callout, FormGroup, H5, InputGroup } from '@blueprintjs/core';
import { API, EmailSchema, TestId, type NotificationSettingsAnswer } from '@halo/shared';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api, useSubmission } from '../../../lib/api';
import { ltrIsolate } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { FormSubmit } from './FormSubmit';

interface EmailChangeFormProps {
  readonly settings: NotificationSettingsAnswer;
  /** How long a confirmation link stays valid, in minutes. */
  readonly validMinutes: number;
  readonly onChanged: (settings: NotificationSettingsAnswer) => void;
}

/**
 * Where alarm e-mail goes. An environment manager changes their own address here (issue 39,
 * item 1): the new one gets a confirmation link and takes over when it is opened. An ordinary
 * user's is shown, with who changes it.
 */
export function EmailChangeForm({ settings, validMinutes, onChanged }: EmailChangeFormProps) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const { busy: sending, error, setError, submit } = useSubmission();

  const valid = EmailSchema.safeParse(email).success;
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || sending) return;
    submit(
      (signal) => api.call(API.notifications.changeEmail, { body: { email } }, { signal }),
      (answer) => {
        setEmail('');
        onChanged(answer);
        notifySuccess(
          t('settings.notifications.confirmationSent', { email: ltrIsolate(answer.pending_email ?? email) }),
        );
      },
    );
  };

  return (
    <section className="notifications-email" aria-labelledby="notifications-email-title">
      <H5 id="notifications-email-title">{t('settings.notifications.emailTitle')}</H5>
      <p data-testid={TestId.settings.email}>
        {settings.email
          ? t('settings.notifications.emailCurrent', { email: ltrIsolate(settings.email) })
          : t('settings.notifications.emailNone')}
        {!settings.severity_editable && ` ${t('settings.notifications.emailSetByManager')}`}
      </p>
      {settings.severity_editable && (
        <form onSubmit={send}>
          {settings.pending_email && (
            <Callout intent="primary" icon="envelope" data-testid={TestId.settings.pendingEmail}>
              {t('settings.notifications.pendingEmail', {
                email: ltrIsolate(settings.pending_email),
                minutes: validMinutes,
              })}
            </Callout>
          )}
          <FormGroup label={t('settings.notifications.newEmail')} labelFor="notifications-new-email">
            <InputGroup
              id="notifications-new-email"
              type="email"
              value={email}
              onValueChange={(value) => {
                setEmail(value);
                setError(null);
              }}
              disabled={sending}
              autoComplete="email"
              data-testid={TestId.settings.newEmail}
            />
          </FormGroup>
          <FormSubmit
            error={error}
            errorTestId={TestId.settings.notificationsError}
            icon="envelope"
            busy={sending}
            disabled={!valid}
            text={t('settings.notifications.sendConfirmation')}
            testId={TestId.settings.sendEmailConfirmation}
          />
        </form>
      )}
    </section>
  );
}
