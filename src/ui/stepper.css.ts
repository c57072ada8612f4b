import { style } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

// Phones first: the compact layout (markers, then the current step's caption, then the optional
// step as a note of its own); from the tablet width (768 px) every step with its name.
export const list = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['2'],
  rowGap: vars.space['3'],
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space['5']}`,
  '@media': { [media.tablet]: { flexWrap: 'nowrap' } },
});
export const step = style({
  flex: '1 1 0',
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['1'],
  fontSize: vars.type.small.size,
  lineHeight: vars.type.small.lineHeight,
  color: vars.color.textMuted,
  position: 'relative',
  textAlign: 'center',
  selectors: {
    '&:not(:first-child)::before': {
      content: '""',
      position: 'absolute',
      top: 15,
      right: `calc(50% + 20px)`,
      width: `calc(100% - 40px + ${vars.space['2']})`,
      height: 2,
      background: vars.color.borderSubtle,
    },
    '&[data-state="done"]::before, &[data-state="current"]::before': { background: vars.color.brand },
    '&[data-state="current"]': { color: vars.color.text, fontWeight: vars.weight.bold },
  },
});

/** A step's name: for screen readers only in the compact layout, shown from the tablet width. */
export const name = style({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  '@media': {
    [media.tablet]: { position: 'static', width: 'auto', height: 'auto', margin: 0, overflow: 'visible', clip: 'auto', whiteSpace: 'normal' },
  },
});

/** The compact layout's 'Step N of M' and the current step's name, under the markers. */
export const caption = style({
  flex: '0 0 100%',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  '@media': { [media.tablet]: { display: 'none' } },
});
export const count = style({ fontSize: vars.type.small.size, lineHeight: vars.type.small.lineHeight, color: vars.color.textMuted });
export const currentName = style({ fontWeight: vars.weight.bold, color: vars.color.text });

/** The optional step: a dashed note of its own on phones, a dashed last step from the tablet width. */
export const optional = style({
  flex: '0 0 100%',
  flexDirection: 'row',
  alignItems: 'flex-start',
  gap: vars.space['3'],
  textAlign: 'left',
  padding: vars.space['3'],
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&:not(:first-child)::before': { display: 'none' },
  },
  '@media': {
    [media.tablet]: {
      flex: '1 1 0',
      flexDirection: 'column',
      alignItems: 'center',
      gap: vars.space['1'],
      textAlign: 'center',
      padding: 0,
      border: 0,
      background: 'none',
      selectors: {
        '&:not(:first-child)::before': { display: 'block', height: 0, background: 'none', borderTop: `2px dashed ${vars.color.border}` },
      },
    },
  },
});
export const optionalText = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], alignItems: 'flex-start', '@media': { [media.tablet]: { alignItems: 'center' } } });
export const optionalName = style({ fontWeight: vars.weight.bold });
export const note = style({ color: vars.color.textMuted });
export const action = style({ fontWeight: vars.weight.semibold });

export const marker = style({
  flex: 'none',
  width: 32,
  height: 32,
  display: 'grid',
  placeItems: 'center',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.background,
  fontWeight: vars.weight.bold,
  selectors: {
    [`${step}[data-state="done"] &`]: { background: vars.color.brand, borderColor: vars.color.brand, color: vars.color.onBrand },
    [`${step}[data-state="current"] &`]: { borderColor: vars.color.brand, color: vars.color.brand },
    [`${optional} &`]: { borderStyle: 'dashed' },
  },
});
