import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { media, tokens, vars } from '../ui/theme.css.ts';

export const swatches = style({
  listStyle: 'none',
  padding: 0,
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
});
export const swatchItem = style({ border: `1px solid ${vars.color.borderSubtle}`, borderRadius: vars.radius.medium, overflow: 'hidden' });
/** One class per palette token, drawn from the live CSS variable. */
export const swatch = styleVariants(vars.color, (value) => ({ height: 72, background: value, borderBottom: `1px solid ${vars.color.borderSubtle}` }));
export const swatchText = style({ padding: vars.space['2'], fontSize: vars.type.small.size, lineHeight: vars.type.small.lineHeight });
export const code = style({ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: vars.type.small.size });
export const pre = style([
  code,
  { background: vars.color.surface, padding: vars.space['3'], borderRadius: vars.radius.small, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
]);

/** Type samples, one class per step of the scale. */
export const typeSample = styleVariants(vars.type, (step) => ({ fontSize: step.size, lineHeight: step.lineHeight, margin: 0 }));
export const typeRow = style({ display: 'grid', gap: vars.space['1'], paddingBlock: vars.space['3'], borderBottom: `1px solid ${vars.color.borderSubtle}` });

export const spaceBar = styleVariants(vars.space, (value) => ({ width: value, height: 16, background: vars.color.accent }));
export const spaceRow = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'], minHeight: 28 });

export const gridDemo = style({
  display: 'grid',
  gridTemplateColumns: `repeat(${tokens.layout.columns}, minmax(0, 1fr))`,
  gap: vars.space['1'],
  '@media': { [media.tablet]: { gap: vars.layout.gutter } },
});
export const gridColumn = style({
  height: 64,
  display: 'grid',
  placeItems: 'center',
  background: vars.color.brandTint,
  border: `1px dashed ${vars.color.brand}`,
  fontSize: vars.type.small.size,
});

export const icons = style({ listStyle: 'none', padding: 0, display: 'grid', gap: vars.space['3'], gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))' });
export const iconItem = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  color: vars.color.brand,
});
globalStyle(`${iconItem} code`, { color: vars.color.text });

export const example = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['4'],
  marginBottom: vars.space['5'],
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr', alignItems: 'start' } },
});
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' });
