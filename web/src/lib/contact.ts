/** The operators' public contact address (footer, the visitor's registration prompt). */
export const SUPPORT_EMAIL = 'hej@konsultmarknaden.se';
