import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from './i18n';
import { localizePath } from './paths';

/** Turns a path below the language prefix (`paths.search()`) into a link in the current language. */
export function useLocalizedPath(): (path: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage === 'en' ? 'en' : currentLanguage();
  return useCallback((path: string) => localizePath(language, path), [language]);
}
