import fontFaces from './fonts.css?inline';
import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

// The @font-face rules are not a stylesheet of the bundle: a server-rendered page has them inline in its head
// with a preload of the latin subset (no render-blocking request), and the browser app adds them itself to
// pages served as the plain shell. (As a bundled stylesheet, every lazy page's preload list would add them to
// the document once more, and Chrome re-lays out text with the "new" faces: a layout shift.)

/** main.tsx looks for it too, to load this module only for a page that came without the rules. */
const MARKER = 'data-font-faces';

/** What a server-rendered page's head carries: the preload of the latin subset and the rules. */
export function fontHead(): string {
  return [
    `<link rel="preload" href="${interLatin}" as="font" type="font/woff2" crossorigin />`,
    `<style ${MARKER}>${fontFaces}</style>`,
  ].join('\n    ');
}

/** Adds the rules to a page that came without them (the shell of the inner pages). */
export function ensureFontFaces(): void {
  if (document.head.querySelector(`style[${MARKER}]`)) return;
  const style = document.createElement('style');
  style.setAttribute(MARKER, '');
  style.textContent = fontFaces;
  document.head.append(style);
}
