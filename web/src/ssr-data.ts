import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';

// What a server-rendered page hands the browser app to hydrate with, in a `<script type="application/json">`
// data block (never executable inline script: the page runs under a strict Content-Security-Policy).

export const SSR_DATA_ID = 'ssr-data';

export interface SsrData {
  /** React Router's loader results, so the first render needs no loader. */
  router: HydrationState;
  /**
   * The query cache the server rendered from (the first six cards, the profile); a profile the API answered
   * 404 or 410 for comes as its failed query, its error as JSON (ssr-errors.ts).
   */
  queries: DehydratedState;
  language: 'sv' | 'en';
  /** The translation namespaces the page used, loaded before hydrating so nothing suspends. */
  namespaces: string[];
}

/** The page's hydration data, or null on the app shell (pages the server does not render). */
export function readSsrData(): SsrData | null {
  const element = document.getElementById(SSR_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrData;
  } catch {
    return null;
  }
}
