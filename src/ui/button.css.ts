import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from './theme.css.ts';

/** Buttons and links that look like buttons share this recipe; states come from react-aria's data attributes. */
export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space['2'],
    minHeight: 44,
    paddingInline: vars.space['5'],
    borderRadius: vars.radius.medium,
    border: '2px solid transparent',
    font: 'inherit',
    fontWeight: vars.weight.bold,
    letterSpacing: '0.02em',
    textDecoration: 'none',
    textAlign: 'center',
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, color ${vars.motion.fast}`,
    outline: 'none',
    selectors: {
      '&[data-focus-visible], &:focus-visible': { outline: vars.focus.ring, outlineOffset: vars.focus.offset },
      '&[data-disabled]': { cursor: 'not-allowed', background: vars.color.borderSubtle, color: vars.color.textMuted, borderColor: vars.color.borderSubtle },
    },
  },
  variants: {
    variant: {
      primary: {
        background: vars.color.brand,
        color: vars.color.onBrand,
        selectors: { '&[data-hovered], &[data-pressed], &:hover': { background: vars.color.brandDark, color: vars.color.onBrand } },
      },
      secondary: {
        background: vars.color.background,
        color: vars.color.brand,
        borderColor: vars.color.brand,
        selectors: { '&[data-hovered], &[data-pressed], &:hover': { background: vars.color.brandTint, color: vars.color.brandDark } },
      },
      quiet: {
        background: 'transparent',
        color: vars.color.brand,
        paddingInline: vars.space['2'],
        textDecoration: 'underline',
        selectors: { '&[data-hovered], &:hover': { color: vars.color.linkHover } },
      },
    },
    size: {
      medium: {},
      small: { minHeight: 36, paddingInline: vars.space['3'], fontSize: vars.type.small.size },
      large: { minHeight: 52, paddingInline: vars.space['6'], fontSize: vars.type.lead.size },
    },
  },
  defaultVariants: { variant: 'primary', size: 'medium' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
