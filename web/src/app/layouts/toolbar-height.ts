/** The toolbar's height in px by breakpoint (without the app bar's 1 px bottom border). */
export const TOOLBAR_HEIGHT = { xs: 60, sm: 68 } as const;

/** The app bar's whole height: the toolbar and its bottom border. */
export const APP_BAR_HEIGHT = { xs: TOOLBAR_HEIGHT.xs + 1, sm: TOOLBAR_HEIGHT.sm + 1 } as const;
