/**
 * The portal's language: US English, as every text of the specification (and its US dates and zip
 * codes). react-aria keeps only this locale's built-in strings (vite.config.ts, optimizeLocales),
 * speaks it whatever the browser's language (ariaPageLocale there), and the typeaheads match with
 * its Collator (src/app.tsx creates the first one in a task of its own).
 */
export const PORTAL_LOCALE = 'en-US';
