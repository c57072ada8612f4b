import { useState, type ReactNode } from 'react';
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
   * 'once': announced when it appears, and not again as its content changes (an error summary that
   * follows the typing); `version` names its content.
   */
  announce?: boolean | 'once';
  /** With announce 'once': a key of what it says. Once it differs from the first, the alert is a plain region. */
  version?: string;
}

/** A message banner: errors, success, warnings and notices. */
export function Alert({ tone = 'info', title, children, announce = tone !== 'info', version = '' }: AlertProps) {
  // Derived during render, so the role goes in the same commit as the new content: that change is not announced.
  const [first] = useState(version);
  const [settled, setSettled] = useState(false);
  if (announce === 'once' && !settled && version !== first) setSettled(true);
  const live = announce === 'once' ? !settled && version === first : announce;
  const role = live ? (tone === 'error' ? 'alert' : 'status') : undefined;
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
