import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';


/** The doctors on the profile: one card-like row per doctor-address, the checkbox's label the name and address. */
export const doctorList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] });
export const doctorItem = style({
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  selectors: { '&[data-chosen="true"]': { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` } },
});
export const doctorName = style({ display: 'block', fontWeight: vars.weight.bold });
export const doctorAddress = style({ display: 'block' });
/** Under the label, lined up with its text (the box is 24 px and a 12 px gap). */
export const doctorPhone = style({ margin: `${vars.space['1']} 0 0 36px`, color: vars.color.textMuted, fontSize: vars.type.small.size });

export const empty = style({ margin: 0, color: vars.color.textMuted });

export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center', marginTop: vars.space['4'] });

/** The dialogs' fields: one column on a phone, two from a tablet up. */
export const formGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center', marginTop: vars.space['5'] });

/** Search results and better matches: a doctor and its Select button per row. */
export const results = style({ listStyle: 'none', padding: 0, margin: `${vars.space['4']} 0 0`, display: 'grid', gap: vars.space['2'] });
export const result = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
});
export const resultText = style({ minWidth: 0 });
export const intro = style({ margin: `0 0 ${vars.space['4']}` });
export const notice = style({ margin: `${vars.space['4']} 0 0`, outline: 'none' });
