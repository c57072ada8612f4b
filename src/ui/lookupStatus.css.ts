import { style } from '@vanilla-extract/css';
import { vars } from './theme.css.ts';

/**
 * A lookup's status with something to say (text, Search again): under its field as the field's own
 * description is (the field's bottom margin taken back to its 4 px gap), the button on its own line.
 */
export const shown = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space['2'],
  marginTop: `calc(${vars.space['1']} - ${vars.space['4']})`,
  marginBottom: vars.space['4'],
});
