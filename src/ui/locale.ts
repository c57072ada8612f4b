/**
 * The portal's language: US English, as every text of the specification (and its US dates and zip
 * codes). react-aria keeps only this locale's built-in strings (vite.config.ts, optimizeLocales),
 * speaks it whatever the browser's language (ariaPortalLocale there), and the typeaheads match by
 * base letters without ICU's collation data (src/ui/searchCollator.ts).
 */
export const PORTAL_LOCALE = 'en-US';
