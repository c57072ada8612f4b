import { style } from '@vanilla-extract/css';

/** The wrapper that carries a held field's gate takes no part in the layout: the field is laid out as before. */
export const hydrateWhenUsed = style({ display: 'contents' });
