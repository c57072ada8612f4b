import { globalStyle } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', {
  background: vars.color.background,
  color: vars.color.text,
  // The sticky navigation bar must never hide the focused element (WCAG 2.4.11).
  scrollPaddingTop: '96px',
  WebkitTextSizeAdjust: '100%',
});
globalStyle('body', {
  margin: 0,
  fontFamily: vars.font.body,
  fontSize: vars.type.body.size,
  lineHeight: vars.type.body.lineHeight,
});
globalStyle('h1, h2, h3, h4', { margin: `0 0 ${vars.space['3']}`, color: vars.color.text });
// Phones get one step smaller headings; the scale applies from 768 px.
globalStyle('h1', { fontSize: '28px', lineHeight: '36px', '@media': { [media.tablet]: { fontSize: vars.type.h1.size, lineHeight: vars.type.h1.lineHeight } } });
globalStyle('h2', { fontSize: '22px', lineHeight: '30px', '@media': { [media.tablet]: { fontSize: vars.type.h2.size, lineHeight: vars.type.h2.lineHeight } } });
globalStyle('h3', { fontSize: vars.type.h3.size, lineHeight: vars.type.h3.lineHeight });
globalStyle('p, ul, ol', { margin: `0 0 ${vars.space['4']}` });
globalStyle('a', { color: vars.color.brand, textUnderlineOffset: '2px' });
globalStyle('a:hover', { color: vars.color.linkHover });
globalStyle(':focus-visible', { outline: vars.focus.ring, outlineOffset: vars.focus.offset });
globalStyle('img, svg', { maxWidth: '100%' });
globalStyle('*, *::before, *::after', {
  '@media': { [media.reducedMotion]: { transitionDuration: '0s !important', animationDuration: '0s !important' } },
});

// Paper copies (the member flow's success page is printed as a confirmation): the page's content only,
// in black on white, without the header, navigation, footer, stepper, banner or any button.
globalStyle('header, nav, footer, button, [data-print="hide"]', { '@media': { print: { display: 'none !important' } } });
globalStyle('body', { '@media': { print: { background: '#fff', color: '#000' } } });
