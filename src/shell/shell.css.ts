import { style } from '@vanilla-extract/css';
import { vars } from '../ui/theme.css.ts';

export const layout = style({ display: 'flex', flexDirection: 'column', minHeight: '100dvh' });
export const main = style({ flex: 1, outline: 'none' });
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], marginTop: vars.space['5'] });
