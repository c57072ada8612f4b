/**
 * The design tokens, defined once. `vars` is the contract every style file
 * reads (CSS custom properties on :root); `tokens` holds the values, which the
 * style guide (/ui-standards) lists beside swatches drawn from `vars`.
 */
import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';

export const tokens = {
  color: {
    // Brand and text; every text pair here passes WCAG AA (4.5:1) on white.
    brand: '#0b4f8a',
    brandDark: '#083a66',
    brandTint: '#e8f1fa',
    accent: '#00796b',
    accentTint: '#e3f4f1',
    text: '#1f2933',
    textMuted: '#4b5563',
    linkHover: '#5b2a86',
    background: '#ffffff',
    surface: '#f5f7fa',
    border: '#8a96a3',
    borderSubtle: '#d9dee5',
    success: '#1d6b35',
    successTint: '#e7f5ec',
    danger: '#b3261e',
    dangerTint: '#fdecea',
    warning: '#8a5300',
    warningTint: '#fff4e0',
    focus: '#1a5fd0',
    onBrand: '#ffffff',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  // Type scale: size / line height. Body is 16px/24px (spec 2.14).
  type: {
    small: { size: '14px', lineHeight: '20px' },
    body: { size: '16px', lineHeight: '24px' },
    lead: { size: '18px', lineHeight: '28px' },
    h3: { size: '20px', lineHeight: '28px' },
    h2: { size: '26px', lineHeight: '34px' },
    h1: { size: '34px', lineHeight: '42px' },
    hero: { size: '42px', lineHeight: '50px' },
  },
  weight: { regular: '400', semibold: '600', bold: '700' },
  space: { '0': '0', '1': '4px', '2': '8px', '3': '12px', '4': '16px', '5': '24px', '6': '32px', '7': '48px', '8': '64px' },
  radius: { small: '4px', medium: '8px', large: '16px', round: '999px' },
  layout: { designWidth: '1400px', columns: '12', gutter: '24px', pagePadding: '16px', measure: '72ch' },
  shadow: { raised: '0 2px 8px rgba(15, 23, 42, 0.12)', overlay: '0 12px 32px rgba(15, 23, 42, 0.24)' },
  focus: { ring: '3px solid #1a5fd0', offset: '2px' },
  motion: { fast: '120ms', medium: '200ms', easing: 'cubic-bezier(0.2, 0, 0, 1)' },
  z: { header: '50', overlay: '100' },
} as const;

/** Breakpoints (spec: footer collapses below 1024; tablet at 768). Media queries cannot use CSS variables. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;
export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  belowDesktop: `screen and (max-width: ${breakpoints.desktop - 0.02}px)`,
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const;

type Contract<T> = { [K in keyof T]: T[K] extends string ? null : Contract<T[K]> };
function contractOf<T extends object>(value: T): Contract<T> {
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? null : contractOf(v as object)]),
  ) as Contract<T>;
}

export const vars = createThemeContract(contractOf(tokens));
createGlobalTheme(':root', vars, tokens);
