import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const control = style({ position: 'relative', display: 'flex' });
export const toggle = style({
  position: 'absolute',
  insetBlock: 0,
  right: 0,
  width: 44,
  display: 'grid',
  placeItems: 'center',
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: vars.focus.ring } },
});
export const popover = style({
  width: 'var(--trigger-width)',
  maxHeight: 300,
  overflow: 'auto',
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.overlay,
});
export const listBox = style({ outline: 'none', padding: vars.space['1'] });
export const option = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    // The option the arrow keys are on: brand blue with white text (8.6:1), not a faint tint (WCAG 1.4.11).
    '&[data-focused]': { background: vars.color.brand, color: vars.color.onBrand },
    '&[data-selected]': { fontWeight: vars.weight.bold },
  },
});
export const empty = style({ padding: vars.space['3'], color: vars.color.textMuted });
