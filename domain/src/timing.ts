// Timings of spec section 9 that the web's first script needs (constants.ts re-exports them with the other
// limits). Kept apart so that importing them does not put every limit a later page uses into that script.

// Alerts auto-hide after these durations.
export const ERROR_ALERT_DURATION_MS = 5_000;
export const SUCCESS_ALERT_DURATION_MS = 8_000;
export const GENERIC_ALERT_DURATION_MS = 5_000;

export const API_TIMEOUT_MS = 28_000;
/** Page-part (script chunk) loading gives up after this long. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const QUOTE_ROTATION_INTERVAL_MS = 4_500;
