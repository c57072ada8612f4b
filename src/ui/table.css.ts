import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const wrapper = style({ overflowX: 'auto', marginBottom: vars.space['4'] });
export const table = style({ width: '100%', borderCollapse: 'collapse', outline: 'none' });
export const column = style({
  textAlign: 'start',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `2px solid ${vars.color.border}`,
  fontWeight: vars.weight.bold,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: vars.focus.ring, outlineOffset: '-3px' } },
});
export const row = style({
  outline: 'none',
  selectors: {
    '&:nth-child(even)': { background: vars.color.surface },
    '&[data-focus-visible]': { outline: vars.focus.ring, outlineOffset: '-3px' },
  },
});
export const cell = style({
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  verticalAlign: 'top',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { outline: vars.focus.ring, outlineOffset: '-3px' } },
});
