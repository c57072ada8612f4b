import { style } from '@vanilla-extract/css';

/** Phone numbers and emails never break across lines. */
export const nowrap = style({ whiteSpace: 'nowrap' });
export const address = style({ fontStyle: 'normal' });
