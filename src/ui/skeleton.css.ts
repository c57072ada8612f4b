import { keyframes, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const skeleton = style({ display: 'flex', flexDirection: 'column', gap: vars.space['3'], marginBlock: vars.space['4'] });
export const line = style({
  height: 16,
  borderRadius: vars.radius.small,
  background: vars.color.borderSubtle,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  selectors: { '&:first-child': { height: 28, width: '40%' }, '&:last-child:not(:first-child)': { width: '70%' } },
});
