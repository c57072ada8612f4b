import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../ui/theme.css.ts';
import { container } from '../ui/page.css.ts';

export const hero = style({ background: `linear-gradient(135deg, ${vars.color.brandTint}, ${vars.color.accentTint})` });
export const heroInner = style([
  container,
  {
    display: 'grid',
    gap: vars.space['5'],
    paddingBlock: vars.space['6'],
    '@media': { [media.desktop]: { gridTemplateColumns: '3fr 2fr', alignItems: 'center', paddingBlock: vars.space['8'] } },
  },
]);
export const heroTitle = style({
  // Scales down on the narrowest phones and breaks a word rather than overflow: at 320 px with the
  // WCAG text-spacing styles (1.4.12) 'Prescriptions!' at 34 px ran past the screen.
  fontSize: `min(${vars.type.h1.size}, 9vw)`,
  overflowWrap: 'break-word',
  lineHeight: vars.type.h1.lineHeight,
  color: vars.color.brandDark,
  ':focus': { outline: 'none' },
  '@media': { [media.tablet]: { fontSize: vars.type.hero.size, lineHeight: vars.type.hero.lineHeight } },
});
export const checklist = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space['2'], fontSize: vars.type.lead.size });
export const checkItem = style({ display: 'flex', gap: vars.space['2'], alignItems: 'flex-start' });
globalStyle(`${checkItem} svg`, { color: vars.color.success, marginTop: 3 });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['4'] });
export const heroPanel = style({
  padding: vars.space['5'],
  background: vars.color.background,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
});
export const panelTitle = style({ fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight });
export const body = style([container, { paddingBottom: vars.space['5'] }]);
export const steps = style({
  listStyle: 'none',
  padding: 0,
  margin: 0,
  display: 'grid',
  gap: vars.space['4'],
  counterReset: 'step',
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' } },
});
export const step = style({
  counterIncrement: 'step',
  padding: vars.space['5'],
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.borderSubtle}`,
  selectors: {
    '&::before': {
      content: 'counter(step)',
      display: 'grid',
      placeItems: 'center',
      width: 40,
      height: 40,
      marginBottom: vars.space['3'],
      borderRadius: vars.radius.round,
      background: vars.color.brand,
      color: vars.color.onBrand,
      fontWeight: vars.weight.bold,
    },
  },
});
export const contactPanel = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['5'],
  background: vars.color.brandTint,
  borderRadius: vars.radius.medium,
  '@media': { [media.tablet]: { gridTemplateColumns: '2fr 1fr', alignItems: 'center' } },
});
