import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/** Text-like fields (TextField, MaskedField, ComboBox) share one look. */
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space['1'], marginBottom: vars.space['4'], minWidth: 0 });

export const label = style({ fontWeight: vars.weight.semibold });

export const input = style({
  font: 'inherit',
  minHeight: 44,
  width: '100%',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  background: vars.color.background,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focused], &:focus-visible': { borderColor: vars.color.focus, boxShadow: `0 0 0 2px ${vars.color.focus}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { background: vars.color.surface, color: vars.color.textMuted },
    '&::placeholder': { color: vars.color.textMuted },
  },
});

/** A value the page fills in (ReadOnlyValue): plain text at the input's height, so the layout does not move. */
export const readOnlyValue = style({ minHeight: 44, display: 'flex', alignItems: 'center' });

export const description = style({ fontSize: vars.type.small.size, lineHeight: vars.type.small.lineHeight, color: vars.color.textMuted });

export const error = style({ fontSize: vars.type.small.size, lineHeight: vars.type.small.lineHeight, color: vars.color.danger, fontWeight: vars.weight.semibold });
