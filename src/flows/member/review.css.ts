import { style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

/** One part of the review and success pages (Your Information, Your Prescriptions, …). */
export const section = style({ marginTop: vars.space['5'], paddingTop: vars.space['4'], borderTop: `1px solid ${vars.color.border}` });
/** Focused after a removal: the focus ring shows on it, as on a step's heading. */
export const sectionTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: `0 0 ${vars.space['3']}`, scrollMarginTop: '120px' });
export const banner = style({ outline: 'none', scrollMarginTop: '120px' });
export const hint = style({ margin: `${vars.space['5']} 0 0`, color: vars.color.textMuted });
export const doctor = style({ margin: `0 0 ${vars.space['2']}` });

/** Terms and values: stacked on phones, side by side from tablet up. */
export const summary = style({ margin: 0, display: 'grid', gap: vars.space['3'] });
export const summaryRow = style({
  display: 'grid',
  gap: vars.space['1'],
  '@media': { [media.tablet]: { gridTemplateColumns: '14rem minmax(0, 1fr)', gap: vars.space['4'] } },
});
export const term = style({ fontWeight: vars.weight.bold });
export const value = style({ margin: 0, overflowWrap: 'anywhere' });

export const group = style({ marginTop: vars.space['4'] });
export const groupTitle = style({ fontSize: vars.type.body.size, fontWeight: vars.weight.bold, margin: `0 0 ${vars.space['2']}` });
export const requests = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] });
export const request = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
});
export const drugName = style({ fontWeight: vars.weight.bold, margin: 0 });
export const facts = style({ color: vars.color.textMuted, fontSize: vars.type.small.size, margin: 0 });

/** The success page's table of requested prescriptions and their estimated refill dates. */
export const table = style({ width: '100%', borderCollapse: 'collapse' });
export const th = style({ textAlign: 'left', padding: vars.space['2'], borderBottom: `2px solid ${vars.color.border}` });
export const td = style({ padding: vars.space['2'], borderBottom: `1px solid ${vars.color.borderSubtle}`, overflowWrap: 'anywhere' });
export const steps = style({ margin: `${vars.space['2']} 0`, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'] });
export const promo = style({
  marginTop: vars.space['5'],
  padding: vars.space['4'],
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  display: 'grid',
  gap: vars.space['2'],
  justifyItems: 'start',
});
export const promoTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: 0 });

/** A value with its Change button beside it. */
export const valueWithChange = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'baseline', justifyContent: 'space-between', overflowWrap: 'anywhere' });

/** The change modals' parts. */
export const modalRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center', justifyContent: 'space-between', marginTop: vars.space['3'] });
export const modalFields = style({ display: 'grid', gap: vars.space['3'] });
export const modalNote = style({ color: vars.color.textMuted, fontSize: vars.type.small.size, margin: `0 0 ${vars.space['2']}` });
export const choiceList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] });
export const choice = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: vars.space['2'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
});
/** The record of a saved change (a live region, always in the page; empty, it takes no room). */
export const updated = style({ margin: 0, fontWeight: vars.weight.bold, color: vars.color.success });
export const choiceButtons = style({ display: 'flex', gap: vars.space['2'] });
