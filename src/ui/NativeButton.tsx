import type { ButtonHTMLAttributes, Ref } from 'react';
import { button, type ButtonVariants } from './button.css.ts';

export type NativeButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'style' | 'type'> &
  ButtonVariants & { ref?: Ref<HTMLButtonElement> };

/**
 * The same button on a native <button>, for the shell (header, GO BACK, the
 * not-found page) and the public pages: they must load fast on a phone, and
 * react-aria's press code would add about 13 KB gzip to their first load.
 * Flows, forms and dialogs use `Button`.
 */
export function NativeButton({ variant, size, ...props }: NativeButtonProps) {
  return <button type="button" {...props} className={button({ variant, size })} />;
}
