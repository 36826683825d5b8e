import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import { LinkBehavior } from '../components/ui/link-behavior';
import type { Language } from '../lib/language';

// A calm, trustworthy Nordic look: fjord blue and pine green on a soft, warm-grey paper, generous whitespace,
// quiet shadows, and a clear focus ring. All text colours meet WCAG AA on their backgrounds.

const fjord = '#1d4e6f';
const pine = '#2f6b57';
const ink = '#1b2a35';

const themeOptions: ThemeOptions = {
  // The keyboard focus ring of every ButtonBase control (buttons, icon buttons, cards, menu items, tabs): MUI's
  // ButtonBase resets `outline: 0`, which beat the base `:focus-visible` rule below (QA11 F1). 3 px of fjord is
  // 9:1 against the paper; clip-prone components (CardActionArea, Tab, MenuItem) draw it inset.
  focusVisible: { outlineWidth: 3, outlineColor: fjord },
  palette: {
    mode: 'light',
    primary: { main: fjord, light: '#4f7d9c', dark: '#12344b', contrastText: '#ffffff' },
    secondary: { main: pine, light: '#5e9a84', dark: '#1f4a3c', contrastText: '#ffffff' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5a00' },
    success: { main: '#2e6b3a' },
    info: { main: '#245f8f' },
    background: { default: '#f6f7f5', paper: '#ffffff' },
    text: { primary: ink, secondary: '#4b5b66' },
    divider: '#dfe4e2',
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter Variable", Inter, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
    h1: { fontSize: '2.25rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2 },
    h2: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.015em', lineHeight: 1.25 },
    h3: { fontSize: '1.375rem', fontWeight: 650, lineHeight: 1.3 },
    h4: { fontSize: '1.15rem', fontWeight: 650, lineHeight: 1.35 },
    h5: { fontSize: '1.05rem', fontWeight: 650 },
    h6: { fontSize: '1rem', fontWeight: 650 },
    subtitle1: { fontSize: '1.075rem', lineHeight: 1.6, color: '#4b5b66' },
    body1: { lineHeight: 1.65 },
    body2: { lineHeight: 1.6 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    // Subtitles are lead paragraphs, not headings (MUI maps them to <h6>, which breaks the heading order).
    MuiTypography: { defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } } },
    MuiCssBaseline: {
      styleOverrides: {
        body: { WebkitFontSmoothing: 'antialiased' },
        ':focus-visible': { outline: `3px solid ${fjord}`, outlineOffset: 2 },
        a: { color: fjord },
      },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: 18 },
        sizeLarge: { paddingBlock: 10, paddingInline: 24, fontSize: '1rem' },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: {
        root: { backgroundColor: '#ffffff', borderBottom: '1px solid #dfe4e2' },
      },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: '#dfe4e2', borderRadius: 14 } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Underlined: a link inside text must not be told apart by colour alone (axe `link-in-text-block`).
    MuiLink: { defaultProps: { underline: 'always', component: LinkBehavior } },
    MuiButtonBase: { defaultProps: { LinkComponent: LinkBehavior } },
    MuiChip: { styleOverrides: { root: { fontWeight: 500 } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 16 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 48 } } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
  },
};

/**
 * MUI's own texts in Swedish for the components that show them on every kind of page: the Autocomplete's open,
 * clear and close buttons, 'No options' and 'Loading…', and the Alert's close button (the wording of MUI's
 * `svSE`). English is MUI's default. Ratings and the admin pages' pagination name their parts from the
 * translations where they are used. Not `svSE` itself: its table, breadcrumb, pagination and number-formatting
 * texts would add ~0.5 KB to the first script, over the search route's budget (issue 20).
 */
const SWEDISH_COMPONENT_TEXTS: ThemeOptions = {
  components: {
    MuiAutocomplete: {
      defaultProps: {
        clearText: 'Rensa',
        closeText: 'Stäng',
        loadingText: 'Laddar…',
        noOptionsText: 'Inga alternativ',
        openText: 'Öppna',
      },
    },
    MuiAlert: { defaultProps: { closeText: 'Stäng' } },
  },
};

const themes: Partial<Record<Language, Theme>> = {};

/**
 * The app's theme in a language, built on its first use (the providers' first render; a language switch builds
 * the other one once). Building it (MUI's `createTheme`) takes 18 ms of a phone's start-up (4x CPU slowdown):
 * at module scope it ran inside the first script's evaluation, the longest task after the first paint.
 */
export function appTheme(language: Language): Theme {
  return (themes[language] ??= createTheme(themeOptions, language === 'sv' ? SWEDISH_COMPONENT_TEXTS : {}));
}
