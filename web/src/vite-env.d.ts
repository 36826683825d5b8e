/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base of the API host (spec section 7); same origin `/api` by default. */
  readonly VITE_API_BASE_URL?: string;
  /** Base of the auth host (spec section 7); same origin by default. */
  readonly VITE_AUTH_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
