import { Button, Card, Elevation, H5, Icon } from '@blueprintjs/core';
import { LAYOUT_SIZES, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';

export interface OtpReminderDialogProps {
  readonly isOpen: boolean;
  readonly onSetupNow: () => void;
  readonly onLater: () => void;
}

/**
 * Nudges an environment manager without 2FA to set it up. A non-modal panel in the
 * corner: it asks, but never stands between the user and the console.
 */
export function OtpReminderDialog({ isOpen, onSetupNow, onLater }: OtpReminderDialogProps) {
  const { t } = useTranslation();
  if (!isOpen) return null;
  return (
    <Card
      className="otp-reminder"
      elevation={Elevation.FOUR}
      role="dialog"
      aria-modal="false"
      aria-labelledby="otp-reminder-title"
      data-testid={TestId.otpReminder.dialog}
      style={{ width: LAYOUT_SIZES.dialogWidths.small + 40 }}
    >
      <H5 id="otp-reminder-title" className="otp-reminder-title">
        <Icon icon="shield" intent="warning" />
        {t('shell.otpReminder.title')}
      </H5>
      <p>{t('shell.otpReminder.message')}</p>
      <div className="otp-reminder-actions">
        <Button onClick={onLater} data-testid={TestId.otpReminder.later}>
          {t('shell.otpReminder.later')}
        </Button>
        <Button intent="primary" onClick={onSetupNow} data-testid={TestId.otpReminder.setupNow}>
          {t('shell.otpReminder.setupNow')}
        </Button>
      </div>
    </Card>
  );
}
