import type { ReactNode } from 'react';
import * as styles from './card.css.ts';
import { Icon, type IconName } from './Icon.tsx';

export interface CardProps {
  title: string;
  icon?: IconName;
  /** Heading level inside the page's outline. */
  level?: 2 | 3;
  children: ReactNode;
}

/** A titled panel of content (benefits, contact lines, steps). */
export function Card({ title, icon, level = 3, children }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.card}>
      {icon && (
        <div className={styles.icon}>
          <Icon name={icon} size="large" />
        </div>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {children}
    </div>
  );
}
