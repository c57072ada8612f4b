import { Button as RACButton, type ButtonProps as RACButtonProps } from 'react-aria-components';
import { button, type ButtonVariants } from './button.css.ts';

import type { Ref } from 'react';

export type ButtonProps = Omit<RACButtonProps, 'className' | 'style'> & ButtonVariants & { ref?: Ref<HTMLButtonElement> };

/** The one button. Screens pick a variant; they never restyle it. */
export function Button({ variant, size, ...props }: ButtonProps) {
  return <RACButton {...props} className={button({ variant, size })} />;
}
