import { Alert, type IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';

export interface ConfirmAlertProps {
  readonly isOpen: boolean;
  readonly busy: boolean;
  readonly icon: IconName;
  readonly intent: 'danger' | 'warning' | 'primary';
  readonly confirmText: string;
  readonly cancelText: string;
  readonly testId: string;
  readonly children: ReactNode;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** The delete (or row action) confirmation: a Blueprint Alert. */
export function ConfirmAlert({
  testId,
  busy,
  children,
  onCancel,
  confirmText,
  cancelText,
  ...props
}: ConfirmAlertProps) {
  return (
    <Alert
      {...props}
      className="crud-confirm-alert"
      loading={busy}
      confirmButtonText={confirmText}
      cancelButtonText={cancelText}
      canEscapeKeyCancel={!busy}
      onCancel={() => {
        if (!busy) onCancel();
      }}
    >
      <div data-testid={testId}>{children}</div>
    </Alert>
  );
}
