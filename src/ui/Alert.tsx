import type { ReactNode } from 'react';
import * as styles from './alert.css.ts';
import { Icon, type IconName } from './Icon.tsx';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

const ICONS: Record<AlertTone, IconName> = { error: 'alert', success: 'check', warning: 'alert', info: 'info' };

export interface AlertProps {
  tone?: AlertTone;
  title?: string;
  children?: ReactNode;
  /**
   * Errors and outcomes are announced when they appear (role alert or status);
   * a standing notice (the server banner, page information) is not.
   */
  announce?: boolean;
}

/** A message banner: errors, success, warnings and notices. */
export function Alert({ tone = 'info', title, children, announce = tone !== 'info' }: AlertProps) {
  const role = announce ? (tone === 'error' ? 'alert' : 'status') : undefined;
  return (
    <div role={role} className={styles.alert({ tone })}>
      <span className={styles.icon({ tone })}>
        <Icon name={ICONS[tone]} />
      </span>
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
    </div>
  );
}
