// `use-sync-external-store/shim` for React 19, which has the hook built in: react-i18next imports the shim (for
// React 16/17), whose fallback code would otherwise ship in the first script. See vite.config.ts.
export { useSyncExternalStore } from 'react';
