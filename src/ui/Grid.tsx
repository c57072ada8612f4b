import type { ReactNode } from 'react';
import * as styles from './grid.css.ts';

export type Span = keyof typeof styles.span;

/** The 12-column layout grid. */
export function Grid({ children, as: Tag = 'div' }: { children: ReactNode; as?: 'div' | 'ul' | 'ol' }) {
  return <Tag className={styles.grid}>{children}</Tag>;
}

/** A grid cell spanning `span` of 12 columns on desktop. */
export function Cell({ span, children, as: Tag = 'div' }: { span: Span; children: ReactNode; as?: 'div' | 'li' }) {
  return <Tag className={styles.span[span]}>{children}</Tag>;
}
