// Stands in for MUI's CSS-variables theme builder and provider (see `muiWithoutCssVariables` in
// vite.config.ts). Our theme is a plain one (no `cssVariables`, no `colorSchemes`), so MUI's `createTheme`
// and `ThemeProvider` take their other branch and never reach these; keeping them out of the first script
// saves ~5 KB gzip. Should the theme ever opt into CSS variables, these say so loudly instead of failing
// silently.

const message =
  'The web app is built without MUI CSS variables themes (see muiWithoutCssVariables in vite.config.ts)';

export default function createThemeWithVars(): never {
  throw new Error(message);
}

export function CssVarsProvider(): never {
  throw new Error(message);
}
