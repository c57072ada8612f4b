import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../ui/theme.css.ts';
import { container } from '../ui/page.css.ts';

export const footer = style({ background: vars.color.brandDark, color: vars.color.onBrand, marginTop: vars.space['7'] });
export const inner = style([container, { paddingBlock: vars.space['6'] }]);

export const columns = style({
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  marginBottom: vars.space['5'],
  '@media': { [media.belowDesktop]: { display: 'none' } },
});
export const columnTitle = style({ fontSize: vars.type.body.size, lineHeight: vars.type.body.lineHeight, color: vars.color.onBrand, letterSpacing: '0.04em' });
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space['2'] });

/** Below 1024 px the columns are an accordion; its items read light on the brand colour. */
export const accordion = style({
  marginBottom: vars.space['5'],
  '@media': { [media.desktop]: { display: 'none' } },
});
globalStyle(`${accordion} h2, ${accordion} h2 button`, { color: vars.color.onBrand, letterSpacing: '0.04em' });
globalStyle(`${accordion} h2 button:focus-visible`, { outline: `3px solid ${vars.color.onBrand}` });

export const bottom = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  listStyle: 'none',
  margin: `0 0 ${vars.space['4']}`,
  padding: `${vars.space['4']} 0 0`,
  borderTop: '1px solid rgba(255, 255, 255, 0.35)',
  fontSize: vars.type.small.size,
});
globalStyle(`${bottom} li`, { display: 'flex', alignItems: 'center', minHeight: 24 });
// Link targets at least 24 px tall (WCAG 2.5.8).
globalStyle(`${list} a, ${bottom} a`, { display: 'inline-block', paddingBlock: 4 });
export const address = style({ fontStyle: 'normal', fontSize: vars.type.small.size, margin: `0 0 ${vars.space['2']}` });
export const copyright = style({ fontSize: vars.type.small.size, margin: 0 });
