import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { usePageTitleKey } from '../features/shell';
import { usePageTitleText } from '../lib/screens';

/** Sets document.title from the matched route's title key on every navigation. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  const pageTitle = usePageTitleText();
  const product = t('app.product.name');
  const named = pageTitle ?? (titleKey ? t(titleKey) : null);
  const title = named ? `${named} · ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
