import { style } from '@vanilla-extract/css';

export const icon = style({
  width: '1.25em',
  height: '1.25em',
  flex: 'none',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  verticalAlign: '-0.25em',
});
export const large = style({ width: 40, height: 40 });
