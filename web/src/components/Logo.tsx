import { THEME_COLORS } from '@halo/shared';
import { useTranslation } from 'react-i18next';

/** The product mark and name. */
export function Logo({ compact = false }: { readonly compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="halo-logo">
      <svg width="24" height="24" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="11" fill="none" stroke="currentColor" strokeWidth="4" />
        <circle cx="16" cy="16" r="4" fill={THEME_COLORS.secondary} />
      </svg>
      {!compact && <span className="halo-logo-name">{t('app.product.name')}</span>}
    </span>
  );
}
