/**
 * The site map's own page style (spec 2.13: "The page gets a special page
 * style"): each list of links sits on a light surface card and flows into two
 * columns from the tablet breakpoint (768 px).
 *
 * The lists keep their bullets: Safari drops the list role of a <ul> styled
 * with `list-style: none`, and the bullets also mark each entry visually.
 */
import { style } from '@vanilla-extract/css';
import { media, vars } from '../ui/theme.css.ts';

export const list = style({
  margin: `${vars.space['4']} 0 0`,
  padding: `${vars.space['4']} ${vars.space['5']} ${vars.space['4']} ${vars.space['7']}`,
  maxWidth: '960px',
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.medium,
  '@media': {
    [media.tablet]: { columnCount: 2, columnGap: vars.space['7'] },
  },
});

export const item = style({
  // A link never splits across the two columns.
  breakInside: 'avoid',
  paddingBlock: vars.space['1'],
  lineHeight: vars.type.body.lineHeight,
});
