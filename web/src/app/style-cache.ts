import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * The prefix of the app's style classes (`mp-1x2y3z`), alike on the server and in the browser. Not Emotion's
 * default `css`: @emotion/react builds a default cache under that key while it loads, and that cache takes over
 * every server style tag of its key (below).
 */
export const STYLE_KEY = 'mp';

/**
 * What the server's main style tags are marked with (`data-emotion="mp-server id1 id2 ..."`) instead of the key.
 * A cache takes the tags of its key by inserting each one again at its own end (`StyleSheet.hydrate`), which
 * moves a tag even when it is already in place; moving the page's main sheet (~100 KB of rules) made the browser
 * parse it again and restyle the whole page while the first script evaluated. The browser's cache below takes
 * these tags without moving them.
 */
export const SERVER_STYLES = `${STYLE_KEY}-server`;

/** The cache a server render collects its styles in. */
export function serverStyleCache(): EmotionCache {
  return createCache({ key: STYLE_KEY });
}

/**
 * The style tags of a server render's chunks (`extractCriticalToChunks`), global ones first, each marked
 * `data-s` (so that no cache moves it to the end of the head as a stray server tag).
 */
export function serverStyleTags(chunks: readonly { key: string; ids: string[]; css: string }[]): string {
  const tag = (mark: string, ids: string[], css: string) =>
    `<style data-emotion="${[mark, ...ids].join(' ')}" data-s="">${css}</style>`;
  return [
    ...chunks.filter((chunk) => chunk.key !== STYLE_KEY).map(({ key, ids, css }) => tag(key, ids, css)),
    ...chunks.filter((chunk) => chunk.key === STYLE_KEY).map(({ ids, css }) => tag(SERVER_STYLES, ids, css)),
  ].join('');
}

/**
 * The browser's cache. The server's main style tags become its first tags, and their rules count as inserted,
 * as `StyleSheet.hydrate` would have it but with the tags left where they are: the browser adds its own rules in
 * new tags after them, and each `<Global>` takes its own server tag in front of them, as before.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: STYLE_KEY });
  for (const tag of document.head.querySelectorAll<HTMLStyleElement>(
    `style[data-emotion^="${SERVER_STYLES} "]`,
  )) {
    for (const id of tag.getAttribute('data-emotion')!.split(' ').slice(1)) cache.inserted[id] = true;
    cache.sheet.tags.push(tag);
  }
  return cache;
}
