import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** A part that could not load: the message, then Try again below it. */
export const failed = style({ display: 'grid', justifyItems: 'start', gap: vars.space['2'], margin: `${vars.space['4']} 0` });
