import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { currentLanguage, i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { appTheme } from './theme';

/**
 * The theme in the interface language, so MUI's own texts follow the language picker. Subscribed to language
 * changes without suspending: this far up there is no boundary to show instead. The server renders in the
 * page's language and the browser switches to it before hydrating, so both build the same theme.
 */
function LocalizedThemeProvider({ children }: { children: ReactNode }) {
  useTranslation(undefined, { useSuspense: false });
  const language = currentLanguage();
  return <ThemeProvider theme={appTheme(language)}>{children}</ThemeProvider>;
}

/** App-wide providers: data cache, translations, theme. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedThemeProvider>
          <CssBaseline />
          {children}
        </LocalizedThemeProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
