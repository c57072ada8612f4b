import { style, styleVariants } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

/** The 12-column grid: one column on phones, spans on tablet and desktop. */
export const grid = style({
  display: 'grid',
  listStyle: 'none',
  padding: 0,
  margin: `0 0 ${vars.space['5']}`,
  gap: vars.layout.gutter,
  gridTemplateColumns: '1fr',
  '@media': { [media.tablet]: { gridTemplateColumns: `repeat(${vars.layout.columns}, minmax(0, 1fr))` } },
});

const spanOf = (tablet: number, desktop: number) =>
  style({
    minWidth: 0,
    '@media': { [media.tablet]: { gridColumn: `span ${tablet}` }, [media.desktop]: { gridColumn: `span ${desktop}` } },
  });

/** How many of the 12 columns a cell spans on desktop (tablet halves narrow spans). */
export const span = styleVariants({
  3: [spanOf(6, 3)],
  4: [spanOf(6, 4)],
  6: [spanOf(12, 6)],
  8: [spanOf(12, 8)],
  12: [spanOf(12, 12)],
});
