import { RESUMING_ATTRIBUTE } from '../../prerender/resumeScript.ts';
import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

// The flow keeps a screen's height while a step loads (no layout shift as it arrives).
export const flow = style({ maxWidth: '960px', minHeight: '100vh' });
// While a reload resumes the flow, its empty first step stays hidden (src/prerender/resumeScript.ts).
globalStyle(`html[${RESUMING_ATTRIBUTE}] ${flow}`, { visibility: 'hidden' });
export const intro = style({ margin: `0 0 ${vars.space['4']}`, maxWidth: vars.layout.measure });
export const formGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const wide = style({ '@media': { [media.tablet]: { gridColumn: '1 / -1' } } });
export const fieldset = style({ border: 0, padding: 0, margin: 0, minWidth: 0 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center', marginTop: vars.space['5'] });
export const help = style({ display: 'flex', alignItems: 'center', gap: vars.space['2'], color: vars.color.textMuted, fontSize: vars.type.small.size });
/** The error summary takes the focus by script only: its own border says where it is. */
export const summary = style({ outline: 'none', scrollMarginTop: '120px' });
export const summaryList = style({ margin: `${vars.space['2']} 0`, paddingLeft: vars.space['5'] });

export const toolbar = style({
  display: 'grid',
  gap: vars.space['4'],
  alignItems: 'end',
  margin: `${vars.space['4']} 0`,
  '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(0, 2fr) auto minmax(0, 2fr)' } },
});
export const searchForm = style({ display: 'flex', gap: vars.space['2'], alignItems: 'end', flexWrap: 'wrap' });
export const counts = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space['3'], margin: `${vars.space['3']} 0` });
export const group = style({ marginTop: vars.space['5'] });
export const groupTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: `0 0 ${vars.space['1']}` });
export const groupNote = style({ margin: `0 0 ${vars.space['3']}`, color: vars.color.textMuted });
export const cards = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['3'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const card = style({
  display: 'grid',
  gap: vars.space['2'],
  alignContent: 'start',
  padding: vars.space['4'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  background: vars.color.background,
  selectors: { '&[data-selected="true"]': { borderColor: vars.color.brand, boxShadow: `inset 0 0 0 1px ${vars.color.brand}` } },
});
export const cardSkeleton = style({ minHeight: '168px', background: vars.color.surface, borderRadius: vars.radius.medium });
export const drugName = style({ fontWeight: vars.weight.bold, margin: 0 });
export const facts = style({ color: vars.color.textMuted, fontSize: vars.type.small.size, margin: 0 });
export const message = style({ margin: 0, fontSize: vars.type.small.size });
export const copays = style({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: vars.space['2'], margin: 0 });
export const copay = style({
  padding: vars.space['2'],
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  selectors: { '&[data-lower="true"]': { background: vars.color.successTint, color: vars.color.success, fontWeight: vars.weight.bold } },
});
export const copayLabel = style({ display: 'block', fontSize: vars.type.small.size, fontWeight: vars.weight.regular, color: vars.color.text });
export const unavailable = style({ color: vars.color.textMuted, fontWeight: vars.weight.bold, fontSize: vars.type.small.size, margin: 0 });
export const dontSee = style({
  marginTop: vars.space['5'],
  padding: vars.space['4'],
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'space-between',
});
export const doctor = style({ marginTop: vars.space['6'] });
export const missingList = style({ margin: `${vars.space['2']} 0 0`, paddingLeft: vars.space['5'] });
