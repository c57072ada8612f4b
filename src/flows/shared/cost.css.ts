import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The cost before the order: a quiet box above the button that places the order. */
export const cost = style({
  display: 'grid',
  gap: vars.space['1'],
  marginTop: vars.space['5'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
});
export const total = style({ margin: 0, fontWeight: vars.weight.bold });
export const line = style({ margin: 0 });
