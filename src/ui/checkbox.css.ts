import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], marginBottom: vars.space['4'] });
export const groupLabel = style({ fontWeight: vars.weight.semibold });

export const checkbox = style({
  // Holds its visually hidden input, so focusing it scrolls the box itself into view.
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  minHeight: 24,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

export const box = style({
  flex: 'none',
  width: 24,
  height: 24,
  display: 'grid',
  placeItems: 'center',
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.background,
  color: vars.color.onBrand,
  transition: `background-color ${vars.motion.fast}`,
  selectors: {
    [`${checkbox}[data-selected] &, ${checkbox}[data-indeterminate] &`]: { background: vars.color.brand, borderColor: vars.color.brand },
    [`${checkbox}[data-focus-visible] &`]: { outline: vars.focus.ring, outlineOffset: vars.focus.offset },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.danger },
  },
});

export const mark = style({ width: 16, height: 16, fill: 'none', stroke: 'currentColor', strokeWidth: 3 });
