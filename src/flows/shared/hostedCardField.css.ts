import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css.ts';

/** The frame takes the field's own height (it reports it); its 3px padding keeps the focus ring inside. */
export const frame = style({
  display: 'block',
  width: 'calc(100% + 6px)',
  margin: '-3px -3px 0',
  border: 0,
  // Off: greyed out like the form's other disabled fields (the field's own page cannot be styled from here).
  selectors: { '&[data-disabled]': { opacity: 0.5, filter: 'grayscale(1)', cursor: 'not-allowed' } },
});

export const pending = style({ minHeight: 82, display: 'flex', flexDirection: 'column', gap: vars.space['1'], marginBottom: vars.space['4'] });
