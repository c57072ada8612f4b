import { useEffect, useRef, type ReactNode } from 'react';
import * as styles from './page.css.ts';

export const SITE_NAME = 'Mail Order Pharmacy';

// Focus moves to the new page's heading on navigation, not on the first load,
// where the skip link must stay the first stop.
let firstPage = true;

export interface PageProps {
  /** The page's one h1, also the document title. */
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
}

/**
 * For a page's h1: sets the document title and focuses the heading after an
 * in-app navigation. Give the returned ref to the h1 (with tabIndex -1).
 */
export function usePageHeading(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} | ${SITE_NAME}`;
  }, [title]);
  useEffect(() => {
    if (firstPage) firstPage = false;
    else heading.current?.focus();
  }, []);
  return heading;
}

/** A public page: sets the document title, renders the h1 and takes focus after navigation. */
export function Page({ title, intro, children }: PageProps) {
  const heading = usePageHeading(title);
  return (
    <div className={styles.page}>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h1>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </div>
  );
}

export interface SectionProps {
  title: string;
  /** Heading level; 2 unless nested (4 inside a dialog's nested section). */
  level?: 2 | 3 | 4;
  id?: string;
  children?: ReactNode;
}

/** A titled section of a page (a landmark-free region with its heading). */
export function Section({ title, level = 2, id, children }: SectionProps) {
  const Heading = `h${level}` as const;
  return (
    <section className={styles.section} aria-labelledby={id ? `${id}-title` : undefined} id={id}>
      <Heading id={id ? `${id}-title` : undefined}>{title}</Heading>
      {children}
    </section>
  );
}

/** Running text at a readable width. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className={styles.prose}>{children}</div>;
}
