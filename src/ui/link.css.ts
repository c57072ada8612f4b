import { recipe } from '@vanilla-extract/recipes';
import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';
import { button } from './button.css.ts';

const text = style({
  color: vars.color.brand,
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  cursor: 'pointer',
  outline: 'none',
  borderRadius: vars.radius.small,
  selectors: {
    '&:hover': { color: vars.color.linkHover },
    '&:focus-visible': { outline: vars.focus.ring, outlineOffset: vars.focus.offset },
  },
});

/** Text links in three tones, and links that look like buttons (calls to action that navigate). */
export const link = recipe({
  variants: {
    variant: {
      inline: [text],
      /** Menus and lists of links: no underline until hovered. */
      plain: [text, { textDecoration: 'none', selectors: { '&:hover': { textDecoration: 'underline' } } }],
      /** Light text on the brand colour (footer, utility bar). */
      inverse: [
        text,
        {
          color: vars.color.onBrand,
          selectors: {
            '&:hover': { color: vars.color.onBrand, textDecorationThickness: 2 },
            // The blue ring would not reach 3:1 against the dark brand colour (WCAG 1.4.11).
            '&:focus-visible': { outline: `3px solid ${vars.color.onBrand}`, outlineOffset: vars.focus.offset },
          },
        },
      ],
      primary: [button({ variant: 'primary' })],
      secondary: [button({ variant: 'secondary' })],
    },
  },
  defaultVariants: { variant: 'inline' },
});
