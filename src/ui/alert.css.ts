import { recipe } from '@vanilla-extract/recipes';
import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

export const alert = recipe({
  base: {
    display: 'flex',
    gap: vars.space['3'],
    alignItems: 'flex-start',
    padding: `${vars.space['3']} ${vars.space['4']}`,
    borderInlineStart: '6px solid',
    borderRadius: vars.radius.small,
    marginBottom: vars.space['4'],
  },
  variants: {
    tone: {
      error: { background: vars.color.dangerTint, borderColor: vars.color.danger, color: vars.color.text },
      success: { background: vars.color.successTint, borderColor: vars.color.success, color: vars.color.text },
      warning: { background: vars.color.warningTint, borderColor: vars.color.warning, color: vars.color.text },
      info: { background: vars.color.brandTint, borderColor: vars.color.brand, color: vars.color.text },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const icon = recipe({
  base: { flex: 'none', marginTop: 2 },
  variants: {
    tone: {
      error: { color: vars.color.danger },
      success: { color: vars.color.success },
      warning: { color: vars.color.warning },
      info: { color: vars.color.brand },
    },
  },
});

export const title = style({ fontWeight: vars.weight.bold, margin: 0 });
export const body = style({ minWidth: 0 });
globalStyle(`${body} > :last-child`, { marginBottom: 0 });
