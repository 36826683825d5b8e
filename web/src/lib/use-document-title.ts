import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the tab title to "<page> – Konsultmarknaden" (screen readers announce it on navigation). */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation();
  const product = t('product.name');
  useEffect(() => {
    document.title = title ? `${title} – ${product}` : product;
  }, [title, product]);
}
