import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'], marginBottom: vars.space['4'] });
export const label = style({ fontWeight: vars.weight.semibold });
export const radio = style({
  // Holds its visually hidden input, so focusing it scrolls the radio itself into view.
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: 24,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});
export const dot = style({
  flex: 'none',
  width: 24,
  height: 24,
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  transition: `border-width ${vars.motion.fast}`,
  selectors: {
    [`${radio}[data-selected] &`]: { borderColor: vars.color.brand, borderWidth: 7 },
    [`${radio}[data-focus-visible] &`]: { outline: vars.focus.ring, outlineOffset: vars.focus.offset },
  },
});
