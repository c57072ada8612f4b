import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

// The flow keeps a screen's height while a step loads, so the footer below never jumps as the
// step (taller than its skeleton) arrives: no layout shift on the first load (Lighthouse CLS).
export const flow = style({ maxWidth: '880px', minHeight: '100vh' });
export const stepHeading = style({ fontSize: vars.type.h2.size, lineHeight: vars.type.h2.lineHeight, margin: `0 0 ${vars.space['4']}` });
export const stack = style({ display: 'grid', gap: vars.space['4'], marginBottom: vars.space['5'] });
export const formGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center', marginTop: vars.space['5'] });
export const muted = style({ color: vars.color.textMuted });

export const drugList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] });
export const drugRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: vars.space['3'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  background: vars.color.background,
});
// The facts wrap onto more lines on a phone, and a tracking number breaks rather than push the page sideways.
export const drugFacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space['4'],
  rowGap: vars.space['1'],
  color: vars.color.textMuted,
  fontSize: vars.type.small.size,
  overflowWrap: 'anywhere',
});
export const listTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: `${vars.space['5']} 0 ${vars.space['3']}` });

export const panel = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  padding: vars.space['4'],
  background: vars.color.surface,
  display: 'grid',
  gap: vars.space['4'],
  marginTop: vars.space['5'],
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});
export const panelTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: 0 });
export const panelWide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });
export const panelPart = style({ display: 'grid', gap: vars.space['1'], alignContent: 'start' });
export const label = style({ fontWeight: vars.weight.bold, margin: 0 });
export const badge = style({
  display: 'inline-block',
  marginLeft: vars.space['2'],
  padding: `0 ${vars.space['2']}`,
  borderRadius: vars.radius.round,
  background: vars.color.accentTint,
  color: vars.color.accent,
  fontSize: vars.type.small.size,
  fontWeight: vars.weight.bold,
});
export const saved = style({ color: vars.color.success, fontWeight: vars.weight.bold, marginLeft: vars.space['2'] });
export const notEligible = style({ color: vars.color.textMuted, fontWeight: vars.weight.bold, fontSize: vars.type.small.size });
export const terms = style({ margin: `0 0 ${vars.space['4']}`, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['2'] });
export const choice = style({ display: 'grid', gap: vars.space['2'] });

/** The panel's status line (a new address or card saved): empty until there is something to say. */
export const notice = style({ margin: 0, color: vars.color.success, fontWeight: vars.weight.semibold });

/** Easy Fill's order summary: label over value, two columns from the tablet up. */
export const summary = style({
  display: 'grid',
  gap: vars.space['3'],
  margin: `0 0 ${vars.space['4']}`,
  '@media': { [media.tablet]: { gridTemplateColumns: '1fr 1fr' } },
});
globalStyle(`${summary} > div, ${summary} dd`, { display: 'grid', gap: vars.space['1'], margin: 0 });
