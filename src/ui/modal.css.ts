import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.z.overlay,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['4'],
  background: 'rgba(15, 23, 42, 0.55)',
  selectors: { '&[data-entering]': { animation: `${fade} ${vars.motion.medium}` } },
});

export const modal = style({
  width: '100%',
  maxWidth: 640,
  maxHeight: 'calc(100dvh - 32px)',
  overflow: 'auto',
  // The containing block of the visually hidden inputs of checkboxes and radios (absolutely placed):
  // without it they are placed against the fixed overlay, do not scroll with the modal, and a focused
  // one is never scrolled into view.
  position: 'relative',
  // A field scrolled into view (focus, an error) is never left under the sticky buttons (WCAG 2.4.11).
  scrollPaddingBottom: 96,
  background: vars.color.background,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.overlay,
});

export const dialog = style({ padding: vars.space['5'], outline: 'none', '@media': { [media.tablet]: { padding: vars.space['6'] } } });
export const header = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: vars.space['3'] });
export const title = style({ fontSize: vars.type.h2.size, lineHeight: vars.type.h2.lineHeight, margin: 0 });
export const close = style({
  flex: 'none',
  width: 44,
  height: 44,
  display: 'grid',
  placeItems: 'center',
  border: 0,
  borderRadius: vars.radius.round,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-hovered]': { background: vars.color.surface }, '&[data-focus-visible]': { outline: vars.focus.ring } },
});
export const body = style({ marginTop: vars.space['4'] });
globalStyle(`${body} > :last-child`, { marginBottom: 0 });
/**
 * The buttons stay at the bottom of a modal taller than the screen: an error that appears above them
 * (a field left as the pointer goes down on Cancel) does not move them from under the pointer.
 */
export const actions = style({
  position: 'sticky',
  bottom: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  justifyContent: 'flex-end',
  marginTop: vars.space['5'],
  marginInline: `calc(-1 * ${vars.space['5']})`,
  marginBottom: `calc(-1 * ${vars.space['5']})`,
  padding: `${vars.space['4']} ${vars.space['5']}`,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  '@media': {
    [media.tablet]: {
      marginInline: `calc(-1 * ${vars.space['6']})`,
      marginBottom: `calc(-1 * ${vars.space['6']})`,
      padding: `${vars.space['4']} ${vars.space['6']}`,
    },
  },
});
