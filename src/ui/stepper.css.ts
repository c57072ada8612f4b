import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const list = style({ display: 'flex', gap: vars.space['2'], listStyle: 'none', padding: 0, margin: `0 0 ${vars.space['5']}` });
export const step = style({
  flex: 1,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.type.small.size,
  color: vars.color.textMuted,
  position: 'relative',
  textAlign: 'center',
  selectors: {
    '&:not(:first-child)::before': {
      content: '""',
      position: 'absolute',
      top: 15,
      right: 'calc(50% + 20px)',
      width: 'calc(100% - 40px + 8px)',
      height: 2,
      background: vars.color.borderSubtle,
    },
    '&[data-state="done"]::before, &[data-state="current"]::before': { background: vars.color.brand },
    '&[data-state="current"]': { color: vars.color.text, fontWeight: vars.weight.bold },
  },
});
export const marker = style({
  width: 32,
  height: 32,
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  fontWeight: vars.weight.bold,
  selectors: {
    [`${step}[data-state="done"] &`]: { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.onBrand },
    [`${step}[data-state="current"] &`]: { borderColor: vars.color.brand, color: vars.color.brand },
  },
});
