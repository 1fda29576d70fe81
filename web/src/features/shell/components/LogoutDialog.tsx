import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { LAYOUT_SIZES, TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';

export interface LogoutDialogProps {
  readonly isOpen: boolean;
  readonly onCancel: () => void;
  readonly onConfirm: () => void;
}

/** Confirms the logout (spec section 2, Shell). */
export function LogoutDialog({ isOpen, onCancel, onConfirm }: LogoutDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onCancel}
      title={t('shell.logoutDialog.title')}
      icon="log-out"
      style={{ width: LAYOUT_SIZES.dialogWidths.small }}
    >
      <div data-testid={TestId.logoutDialog.dialog}>
        <DialogBody>
          <p>{t('validation.logoutMessage')}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={onCancel} data-testid={TestId.logoutDialog.cancel}>
                {t('shell.logoutDialog.cancel')}
              </Button>
              <Button intent="primary" onClick={onConfirm} data-testid={TestId.logoutDialog.confirm}>
                {t('shell.logoutDialog.confirm')}
              </Button>
            </>
          }
        />
      </div>
    </Dialog>
  );
}
