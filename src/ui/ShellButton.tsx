import type { ButtonHTMLAttributes, Ref } from 'react';
import { button, type ButtonVariants } from './button.css.ts';

export type ShellButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'style' | 'type'> &
  ButtonVariants & { ref?: Ref<HTMLButtonElement> };

/**
 * The same button on a native <button>, for the shell (header, GO BACK, the
 * not-found page): the shell is on every page, and react-aria's press code
 * under it would add about 13 KB gzip to every first load. Widgets and flows
 * use `Button`.
 */
export function ShellButton({ variant, size, ...props }: ShellButtonProps) {
  return <button type="button" {...props} className={button({ variant, size })} />;
}
