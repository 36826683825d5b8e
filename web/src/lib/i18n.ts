import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import svCommon from '../locales/sv/common.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './language';
import { yieldToMain } from './yield-to-main';

// `common` in the default language (the shell: toolbar, navigation, footer, banner, generic states) ships with
// the first script; every other namespace is its own small chunk, fetched when a page that uses it is opened.
// `messages` is built from the domain's catalogue so validation and API messages have one source shared with
// the server; it is fetched at start-up, beside the first page, and the language route waits for it
// (`ensureMessages`), so no page ever renders without it. Keeping both out of the first script leaves room
// for the pages within the 200 KB budget.
//
// Initialisation needs only the bundled `common`, so it completes synchronously, before React's first render:
// nothing rendered before the router is ready (its loading placeholder) may suspend. When `messages` was part
// of initialisation, that placeholder suspended until the catalogue arrived, and if the language loader
// finished meanwhile, React Router's "initialized" update was lost and the page stayed on the spinner for
// ever (web/e2e/page-load.e2e.test.ts; docs/decisions.md).

const lazyNamespaces = import.meta.glob<{ default: ResourceKey }>([
  '../locales/*/*.json',
  '!../locales/sv/common.json',
]);

/** Every namespace of the locale files (the server renderer loads them all up front). */
export const LOCALE_NAMESPACES: readonly string[] = [
  'common',
  ...new Set(
    Object.keys(lazyNamespaces).map((file) =>
      file
        .split('/')
        .pop()!
        .replace(/\.json$/, ''),
    ),
  ),
];

const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'messages') {
      import('@mp/domain/messages').then(
        ({ MESSAGES }) => callback(null, messagesFor(MESSAGES, language as Language)),
        (error: Error) => callback(error, null),
      );
      return;
    }
    const load = lazyNamespaces[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), null);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: Error) => callback(error, null),
    );
  },
};

/** The domain catalogue (`validation.required`: {sv, en}) as nested i18next resources of one language. */
function messagesFor(
  catalogue: Record<string, Record<Language, string>>,
  language: Language,
): Record<string, Record<string, string>> {
  const tree: Record<string, Record<string, string>> = {};
  for (const [code, texts] of Object.entries(catalogue)) {
    const [group = '', ...rest] = code.split('.');
    // The catalogue writes placeholders as {name}; i18next expects {{name}}.
    (tree[group] ??= {})[rest.join('.')] = texts[language].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  return tree;
}

export const i18n = i18next.createInstance();

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    // Only the bundled namespace: initialisation must not wait for a download (see above).
    ns: ['common'],
    defaultNS: 'common',
    partialBundledLanguages: true,
    resources: { sv: { common: svCommon } },
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });

/** The language the interface currently speaks (always a supported one). */
export function currentLanguage(): Language {
  return i18n.resolvedLanguage === 'en' ? 'en' : 'sv';
}

/** The interface language in a component, which renders again when it changes. */
export function useLanguage(): Language {
  // Subscribes the component to language changes; the language itself is the instance's.
  useTranslation();
  return currentLanguage();
}

/** Resolves once the domain's message catalogue is there for the current language (route loaders wait for it). */
export function ensureMessages(): Promise<void> {
  return i18n.hasResourceBundle(currentLanguage(), 'messages')
    ? Promise.resolve()
    : i18n.loadNamespaces('messages');
}

// Fetched at start-up, beside the first page's code; the language loader waits for it. Asked for in a task of
// its own, after the first script's evaluation, which is long enough on a phone.
void yieldToMain().then(ensureMessages);
