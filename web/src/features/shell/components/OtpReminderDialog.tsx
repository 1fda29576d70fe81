import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { LAYOUT_SIZES, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';

export interface OtpReminderDialogProps {
  readonly isOpen: boolean;
  readonly onSetupNow: () => void;
  readonly onLater: () => void;
}

/** Nudges an environment manager without 2FA to set it up. */
export function OtpReminderDialog({ isOpen, onSetupNow, onLater }: OtpReminderDialogProps) {
  const { t } = useTranslation();
  if (!isOpen) return null;
  // Rendered in place rather than through a portal: it then appears in the same paint as
  // the shell, so nobody can click past it before it is there.
  return (
    <div className="inline-dialog-layer">
      <Dialog
        isOpen
        usePortal={false}
        onClose={onLater}
        title={t('shell.otpReminder.title')}
        icon="shield"
        style={{ width: LAYOUT_SIZES.dialogWidths.default }}
        transitionDuration={0}
      >
        <div data-testid={TestId.otpReminder.dialog}>
          <DialogBody>
            <p>{t('shell.otpReminder.message')}</p>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={onLater} data-testid={TestId.otpReminder.later}>
                  {t('shell.otpReminder.later')}
                </Button>
                <Button intent="primary" onClick={onSetupNow} data-testid={TestId.otpReminder.setupNow}>
                  {t('shell.otpReminder.setupNow')}
                </Button>
              </>
            }
          />
        </div>
      </Dialog>
    </div>
  );
}
