import { globalStyle, style } from '@vanilla-extract/css';
import { media, vars } from '../ui/theme.css.ts';
import { container } from '../ui/page.css.ts';

export const skipLink = style({
  position: 'absolute',
  left: vars.space['2'],
  top: vars.space['2'],
  zIndex: vars.z.overlay,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  background: vars.color.background,
  color: vars.color.brand,
  fontWeight: vars.weight.bold,
  borderRadius: vars.radius.small,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
});

export const utility = style({ background: vars.color.brandDark, color: vars.color.onBrand, fontSize: vars.type.small.size });
export const utilityInner = style([container, { display: 'flex', justifyContent: 'flex-end', gap: vars.space['4'], minHeight: 40, alignItems: 'center' }]);

// The strip keeps room for a typical announcement (three lines on a phone,
// two on a tablet, one on a desktop) so the page does not jump when it arrives.
export const banner = style({
  background: vars.color.accentTint,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  minHeight: 89,
  '@media': { [media.tablet]: { minHeight: 65 }, [media.desktop]: { minHeight: 41 } },
});
export const bannerInner = style([
  container,
  { paddingBlock: vars.space['2'] },
]);
globalStyle(`${bannerInner} p`, { margin: 0 });

export const bar = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.z.header,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  transition: `box-shadow ${vars.motion.medium}`,
  selectors: { '&[data-stuck="true"]': { boxShadow: vars.shadow.raised } },
});
export const barInner = style([
  container,
  {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: vars.space['2'],
    minHeight: 64,
    '@media': { [media.tablet]: { gap: vars.space['3'] }, [media.desktop]: { flexWrap: 'nowrap' } },
  },
]);

export const brand = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  // Brand and menu button share one row on a 360 px phone.
  fontSize: '17px',
  fontWeight: vars.weight.bold,
  '@media': { [media.tablet]: { fontSize: vars.type.h3.size, flex: '0 1 auto' } },
  color: vars.color.brand,
  textDecoration: 'none',
  marginInlineEnd: 'auto',
  minHeight: 44,
  // On a phone the name shares the row with Menu from 320 px wide (a classic scrollbar takes 15 px more):
  // a basis of 0 keeps the row from wrapping, and the name wraps onto two lines instead when it must.
  flex: '1 1 0',
  minWidth: 0,
  selectors: { '&:hover': { color: vars.color.brandDark } },
});

export const menuToggle = style({ '@media': { [media.desktop]: { display: 'none' } } });

/** The menu panel: a drop-down below 1024 px, inline from 1024 px. */
export const panel = style({
  flexBasis: '100%',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space['3'],
  paddingBottom: vars.space['3'],
  // Open on a short screen (812x375, 200% zoom), the menu scrolls within the screen instead of
  // running off it: its bar stays in view and the focused item is scrolled into the panel.
  maxHeight: 'calc(100vh - 72px)',
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  selectors: { '&[data-open="false"]': { display: 'none' } },
  '@media': {
    [media.desktop]: {
      maxHeight: 'none',
      overflowY: 'visible',
      flexBasis: 'auto',
      flexDirection: 'row',
      alignItems: 'center',
      gap: vars.space['4'],
      paddingBottom: 0,
      selectors: { '&[data-open="false"]': { display: 'flex' } },
    },
  },
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  '@media': { [media.desktop]: { flexDirection: 'row', alignItems: 'center', gap: vars.space['1'] } },
});
export const navItem = style({ position: 'relative', display: 'flex', flexWrap: 'wrap', alignItems: 'center' });
export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 44,
  paddingInline: vars.space['2'],
  fontWeight: vars.weight.bold,
  fontSize: vars.type.small.size,
  letterSpacing: '0.04em',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.small,
  selectors: {
    '&:hover': { color: vars.color.linkHover, textDecoration: 'underline' },
    '&[aria-current="page"]': { color: vars.color.brand, textDecoration: 'underline', textDecorationThickness: 3, textUnderlineOffset: 6 },
  },
});
export const subToggle = style({
  display: 'grid',
  placeItems: 'center',
  width: 44,
  height: 44,
  border: 0,
  background: 'transparent',
  color: vars.color.text,
  borderRadius: vars.radius.small,
  cursor: 'pointer',
});
globalStyle(`${subToggle}[aria-expanded="true"] svg`, { transform: 'rotate(180deg)' });
export const subMenu = style({
  listStyle: 'none',
  margin: 0,
  padding: `0 0 0 ${vars.space['4']}`,
  flexBasis: '100%',
  '@media': {
    [media.desktop]: {
      position: 'absolute',
      top: '100%',
      left: 0,
      minWidth: 220,
      padding: vars.space['2'],
      background: vars.color.background,
      border: `1px solid ${vars.color.borderSubtle}`,
      borderRadius: vars.radius.small,
      boxShadow: vars.shadow.overlay,
    },
  },
});
export const subLink = style([navLink, { width: '100%', fontWeight: vars.weight.semibold }]);

export const search = style({ display: 'flex', gap: 0, minWidth: 0, '@media': { [media.desktop]: { width: 240 } } });
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  font: 'inherit',
  minHeight: 44,
  padding: `0 ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderInlineEnd: 0,
  borderRadius: `${vars.radius.small} 0 0 ${vars.radius.small}`,
  '::placeholder': { color: vars.color.textMuted },
});
export const searchButton = style({
  width: 44,
  minHeight: 44,
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: `0 ${vars.radius.small} ${vars.radius.small} 0`,
  background: vars.color.brand,
  color: vars.color.onBrand,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.brandDark } },
});
export const results = style({
  position: 'absolute',
  insetInline: vars.layout.pagePadding,
  top: '100%',
  zIndex: vars.z.header,
  padding: vars.space['4'],
  background: vars.color.background,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.small,
  boxShadow: vars.shadow.overlay,
  '@media': { [media.desktop]: { insetInline: 'auto', right: vars.space['5'], width: 360 } },
});
export const resultList = style({ listStyle: 'none', margin: 0, padding: 0 });

export const goBack = style([container, { paddingTop: vars.space['3'] }]);

