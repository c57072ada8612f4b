import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** What was ordered: one name a line, no bullets (the term above names the list). */
export const items = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['1'] });
