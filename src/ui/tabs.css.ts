import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const tabs = style({ display: 'flex', flexDirection: 'column' });
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['1'],
  borderBottom: `2px solid ${vars.color.borderSubtle}`,
});
export const tab = style({
  padding: `${vars.space['3']} ${vars.space['4']}`,
  minHeight: 44,
  fontWeight: vars.weight.bold,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  borderBottom: '4px solid transparent',
  marginBottom: -2,
  selectors: {
    '&[data-hovered]': { color: vars.color.linkHover },
    '&[data-selected]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&[data-focus-visible]': { outline: vars.focus.ring, outlineOffset: '-3px' },
  },
});
export const panel = style({
  paddingTop: vars.space['5'],
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: vars.focus.ring } },
});
