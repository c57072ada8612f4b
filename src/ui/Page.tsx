import { useEffect, useRef, type ReactNode } from 'react';
import { replayTypedBeforeHydration } from './keepTyped.ts';
import { replayPressedBeforeHydration } from './keepPressed.ts';
import { pageIsLive } from './useHydrated.ts';
import { keepFocusInView } from './focusInView.ts';
import * as styles from './page.css.ts';

export const SITE_NAME = 'Mail Order Pharmacy';

/** A page's document title, from its h1. */
export const documentTitle = (title: string | null) => (title ? `${title} | ${SITE_NAME}` : SITE_NAME);

// Focus moves to the new page's heading on navigation, not on the first load,
// where the skip link must stay the first stop.
let firstPage = true;

/** The title the prerender's last page asked for (its effects do not run on the server). */
let renderedTitle: string | null = null;
function recordTitle(title: string) {
  renderedTitle = title;
}
export function takeRenderedTitle(): string | null {
  const title = renderedTitle;
  renderedTitle = null;
  return title;
}

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
  if (import.meta.env.SSR) recordTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useEffect(() => {
    if (firstPage) {
      firstPage = false;
      // From here on, the focus is never left off-screen or under a sticky part, on any page or flow.
      keepFocusInView();
      // The first page is live (hydrated, or rendered anew; a page's own Suspense boundary hydrates
      // after the shell, so this is where its fields are React's): what was typed meanwhile reaches
      // the forms, and the root says so (what a browser test waits for).
      pageIsLive();
      const root = document.getElementById('root');
      if (root) {
        replayTypedBeforeHydration(root);
        // Presses after the text they may submit, once React has taken that text in.
        setTimeout(() => {
          replayPressedBeforeHydration();
          root.setAttribute('data-live', '');
        }, 0);
      }
    } else heading.current?.focus();
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
