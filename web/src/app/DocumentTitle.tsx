import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { usePageTitleKey } from '../features/shell';

/** Sets document.title from the matched route's title key on every navigation. */
export function DocumentTitle() {
  const { t } = useTranslation();
  const titleKey = usePageTitleKey();
  const product = t('app.product.name');
  const title = titleKey ? `${t(titleKey)} · ${product}` : product;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return <Outlet />;
}
