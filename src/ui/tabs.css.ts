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
  fontFamily: 'inherit',
  fontSize: 'inherit',
  fontWeight: vars.weight.bold,
  color: vars.color.textMuted,
  background: 'transparent',
  border: 0,
  cursor: 'pointer',
  outline: 'none',
  borderBottom: '4px solid transparent',
  marginBottom: -2,
  selectors: {
    '&:hover': { color: vars.color.linkHover },
    '&[aria-selected="true"]': { color: vars.color.brand, borderBottomColor: vars.color.brand },
    '&:focus-visible': { outline: vars.focus.ring, outlineOffset: '-3px' },
  },
});
export const panel = style({
  paddingTop: vars.space['5'],
  outline: 'none',
  selectors: { '&:focus-visible': { outline: vars.focus.ring } },
});
