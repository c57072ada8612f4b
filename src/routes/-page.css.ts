import { style } from '@vanilla-extract/css';

export const page = style({ maxWidth: 1400, margin: '0 auto', padding: '24px 16px' });
export const banner = style({
  borderLeft: '4px solid #0b5394',
  background: '#eef4fb',
  padding: '12px 16px',
  margin: '16px 0',
});
