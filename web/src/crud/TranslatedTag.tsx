import { Tag, type Intent } from '@blueprintjs/core';
import { TwoFactorStatus } from '@halo/shared';
import { useTranslation } from 'react-i18next';

export interface TranslatedTagProps {
  readonly textKey: string;
  readonly intent?: Intent;
  readonly testId?: string;
}

/** A table cell's chip whose text is an i18n key (status, kind, marker). */
export function TranslatedTag({ textKey, intent = 'none', testId }: TranslatedTagProps) {
  const { t } = useTranslation();
  return (
    <Tag minimal intent={intent} data-testid={testId}>
      {t(textKey)}
    </Tag>
  );
}

/** The 2FA status chip (spec section 4: inactive 1, pending 2, active 3). */
export function twoFactorTag(status: number): TranslatedTagProps {
  if (status === TwoFactorStatus.ACTIVE) return { textKey: 'crud.twoFactor.active', intent: 'success' };
  if (status === TwoFactorStatus.PENDING) return { textKey: 'crud.twoFactor.pending', intent: 'warning' };
  return { textKey: 'crud.twoFactor.inactive', intent: 'none' };
}
