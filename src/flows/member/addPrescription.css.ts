import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

export const intro = style({ margin: `0 0 ${vars.space['4']}` });

/** One medication row (or the pharmacy): a bordered group, one column on phones, two from tablet up. */
export const group = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: vars.space['5'],
  margin: `0 0 ${vars.space['4']}`,
  padding: vars.space['4'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  minWidth: 0,
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const legend = style({ fontWeight: vars.weight.bold, padding: `0 ${vars.space['1']}` });

/** A field across both columns. */
export const wide = style({ gridColumn: '1 / -1', minWidth: 0 });

/** The refill choice with its Auto Refill Details button beside it. */
export const refill = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: vars.space['3'] });

/** Check again and Remove, at the end of a row. */
export const rowActions = style({ gridColumn: '1 / -1', display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], justifyContent: 'flex-end' });

export const addAnother = style({ margin: `0 0 ${vars.space['5']}` });

export const section = style({ margin: `${vars.space['5']} 0 0`, outline: 'none' });
export const sectionTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: `0 0 ${vars.space['2']}` });
export const note = style({ margin: `${vars.space['1']} 0 0`, color: vars.color.textMuted, fontSize: vars.type.small.size });
export const doctorName = style({ margin: 0, fontWeight: vars.weight.bold });

/** The other ways to send a new prescription. */
export const way = style({ margin: 0 });
export const wayTitle = style({ fontSize: vars.type.body.size, lineHeight: vars.type.body.lineHeight, fontWeight: vars.weight.bold, margin: `0 0 ${vars.space['1']}` });
globalStyle(`${way} p`, { margin: `0 0 ${vars.space['2']}` });
export const or = style({ fontWeight: vars.weight.bold, margin: `${vars.space['3']} 0` });

/** Auto Refill Details: the facts as a list. */
export const facts = style({ margin: `0 0 ${vars.space['3']}`, paddingLeft: vars.space['5'] });
globalStyle(`${facts} > li + li`, { marginTop: vars.space['2'] });
