import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

export const timeline = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['2'] });
export const stage = style({ display: 'grid', gap: vars.space['1'], paddingLeft: vars.space['4'], borderLeft: `4px solid ${vars.color.border}` });
export const reached = style({ borderLeftColor: vars.color.success });
export const current = style({ borderLeftColor: vars.color.brand, fontWeight: vars.weight.bold });
export const stageName = style({ margin: 0 });
export const stageDate = style({ color: vars.color.textMuted, fontSize: vars.type.small.size, fontWeight: vars.weight.regular });
/** The order's address, payment and total, set apart from the prescriptions' list above them. */
export const afterList = style({ marginTop: vars.space['4'] });
