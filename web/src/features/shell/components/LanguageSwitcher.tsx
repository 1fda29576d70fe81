import { HTMLSelect } from '@blueprintjs/core';
import { TestId } from '@halo/shared';
import { useTranslation } from 'react-i18next';

/** Shows the language in use; switching is disabled in this product (spec section 1). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <HTMLSelect
      data-testid={TestId.shell.languageSwitcher}
      aria-label={t('shell.language.label')}
      value={i18n.language}
      disabled
      minimal
      options={[
        { value: 'en-US', label: t('shell.language.enUS') },
        { value: 'he-IL', label: t('shell.language.heIL') },
      ]}
    />
  );
}
