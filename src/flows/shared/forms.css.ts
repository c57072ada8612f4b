import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

/** The address and card forms: one column on phones, two from tablet up. */
export const form = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: vars.space['5'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** A row across both columns. */
export const wide = style({ gridColumn: '1 / -1', minWidth: 0 });

export const checkbox = style({ gridColumn: '1 / -1', marginBottom: vars.space['4'] });

/** Cancel then Save: stacked full width on phones, in a row at the end from tablet up (the order on screen is the order in the page). */
export const actions = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  marginTop: vars.space['2'],
  '@media': { [media.tablet]: { flexDirection: 'row', justifyContent: 'flex-end' } },
});
