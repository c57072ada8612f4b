import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

export const group = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const legend = style({ padding: 0, marginBottom: vars.space['2'], fontWeight: vars.weight.bold });
// Phones: the month on its own row, day and year side by side; from the tablet width one row.
export const fields = style({
  display: 'grid',
  columnGap: vars.space['4'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) repeat(2, minmax(0, 1fr))' } },
});
export const month = style({ gridColumn: '1 / -1', '@media': { [media.tablet]: { gridColumn: 'auto' } } });
