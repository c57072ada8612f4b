import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const card = style({
  height: '100%',
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
});
globalStyle(`${card} > :last-child`, { marginBottom: 0 });
export const icon = style({ color: vars.color.accent, marginBottom: vars.space['2'] });
export const title = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight });
