import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: 44,
  cursor: 'pointer',
  selectors: { '&[data-disabled]': { cursor: 'not-allowed', color: vars.color.textMuted } },
});

export const track = style({
  flex: 'none',
  position: 'relative',
  width: 48,
  height: 28,
  borderRadius: vars.radius.round,
  background: vars.color.textMuted,
  transition: `background-color ${vars.motion.medium} ${vars.motion.easing}`,
  selectors: {
    [`${root}[data-selected] &`]: { background: vars.color.accent },
    [`${root}[data-focus-visible] &`]: { outline: vars.focus.ring, outlineOffset: vars.focus.offset },
    [`${root}[data-disabled] &`]: { background: vars.color.borderSubtle },
  },
});

export const thumb = style({
  position: 'absolute',
  top: 4,
  left: 4,
  width: 20,
  height: 20,
  borderRadius: vars.radius.round,
  background: vars.color.background,
  transition: `transform ${vars.motion.medium} ${vars.motion.easing}`,
  selectors: { [`${root}[data-selected] &`]: { transform: 'translateX(20px)' } },
});

export const state = style({ fontWeight: vars.weight.bold, minWidth: '3ch' });
