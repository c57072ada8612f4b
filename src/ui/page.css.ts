import { style } from '@vanilla-extract/css';
import { media, vars } from './theme.css.ts';

/** The 1400 px design area, centred, with the page padding. */
export const container = style({
  width: '100%',
  maxWidth: vars.layout.designWidth,
  margin: '0 auto',
  paddingInline: vars.layout.pagePadding,
  '@media': { [media.tablet]: { paddingInline: vars.space['5'] } },
});

export const page = style([container, { paddingBlock: `${vars.space['5']} ${vars.space['7']}` }]);

export const title = style({
  marginBottom: vars.space['4'],
  ':focus': { outline: 'none' },
  ':focus-visible': { outline: vars.focus.ring, outlineOffset: vars.focus.offset },
});

export const intro = style({ fontSize: vars.type.lead.size, lineHeight: vars.type.lead.lineHeight, maxWidth: vars.layout.measure, color: vars.color.textMuted });

export const section = style({ marginTop: vars.space['6'] });

/** Running text: a readable measure. */
export const prose = style({ maxWidth: vars.layout.measure });
