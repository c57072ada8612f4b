import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const group = style({ display: 'flex', flexDirection: 'column' });
export const item = style({ borderBottom: `1px solid ${vars.color.borderSubtle}` });
export const heading = style({ margin: 0, fontSize: vars.type.body.size, lineHeight: vars.type.body.lineHeight });
export const trigger = style({
  display: 'flex',
  width: '100%',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  minHeight: 48,
  padding: `${vars.space['2']} 0`,
  border: 0,
  background: 'transparent',
  color: 'inherit',
  font: 'inherit',
  fontWeight: vars.weight.bold,
  textAlign: 'start',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&:focus-visible': { outline: vars.focus.ring, outlineOffset: vars.focus.offset } },
});
export const chevron = style({
  transition: `transform ${vars.motion.medium} ${vars.motion.easing}`,
  selectors: { [`${item}[data-expanded] &`]: { transform: 'rotate(180deg)' } },
});
export const panel = style({ paddingBottom: vars.space['3'] });
