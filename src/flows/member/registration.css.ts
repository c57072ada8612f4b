import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../../ui/theme.css.ts';

/** One section of the registration page (Shipping and Contact Info, Payment Info, …). */
export const section = style({
  marginTop: vars.space['6'],
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.color.border}`,
});
export const sectionTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight, margin: `0 0 ${vars.space['4']}` });

/** Fields: one column on phones, two from tablet up. */
export const fields = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  columnGap: vars.space['5'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});
export const wide = style({ gridColumn: '1 / -1', minWidth: 0 });
export const row = style({ gridColumn: '1 / -1', marginBottom: vars.space['4'] });
export const note = style({ color: vars.color.textMuted, fontSize: vars.type.small.size, margin: `0 0 ${vars.space['3']}` });
export const error = style({ color: vars.color.danger, fontSize: vars.type.small.size, margin: `${vars.space['1']} 0 0` });
export const checks = style({ display: 'grid', gap: vars.space['2'], margin: `0 0 ${vars.space['3']}` });
export const lookupRow = style({ display: 'flex', gap: vars.space['3'], alignItems: 'flex-start', flexWrap: 'wrap' });
export const lookupField = style({ flex: '1 1 16rem', minWidth: 0 });
export const lookupRemove = style({ marginTop: vars.space['5'] });
export const healthList = style({ border: 0, padding: 0, margin: `0 0 ${vars.space['5']}`, minWidth: 0 });
export const legend = style({ fontWeight: vars.weight.bold, padding: 0, marginBottom: vars.space['3'] });
export const banner = style({ outline: 'none', scrollMarginTop: '120px' });
/**
 * The banner's lines: 8 px apart, so two one-line links' centres are 32 px apart. At the bare 24 px line height
 * they sat exactly 24 px apart, and a sub-pixel layout (the window resizing) put them under WCAG 2.5.8's spacing.
 */
export const list = style({ margin: `${vars.space['2']} 0`, paddingLeft: vars.space['5'] });
globalStyle(`${list} > li + li`, { marginTop: vars.space['2'] });
export const pending = style({ minHeight: '82px' });
/** Why a choice is greyed out, under it (aligned with its label). */
export const optionNote = style({ color: vars.color.textMuted, fontSize: vars.type.small.size, margin: `-${vars.space['1']} 0 ${vars.space['2']} 32px` });

/** The banner's lines are links to their fields: the error colour's text, underlined. */
export const problemLink = style({ color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '2px' });
