/**
 * The field page's look: the portal's own design tokens and field styles
 * (src/ui/theme.css.ts, src/ui/field.css.ts), bundled into this page's own
 * stylesheet, so the hosted field looks like every other field of the form.
 */
import { globalStyle } from '@vanilla-extract/css';
import { vars } from '../../../src/ui/theme.css.ts';
export { description, error, field, input, label } from '../../../src/ui/field.css.ts';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });
globalStyle('html', { background: vars.color.background, color: vars.color.text, WebkitTextSizeAdjust: '100%' });
// The padding keeps the focus ring (2px around the input) inside the frame.
globalStyle('body', { margin: 0, padding: '3px', fontFamily: vars.font.body, fontSize: vars.type.body.size, lineHeight: vars.type.body.lineHeight });
globalStyle('form', { margin: 0 });
globalStyle('p', { margin: 0 });
globalStyle('p:empty', { display: 'none' });
