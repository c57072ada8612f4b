import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import * as styles from './disclosure.css.ts';
import { Icon } from './Icon.tsx';

/*
 * The disclosure pattern of the ARIA Authoring Practices, on native elements:
 * a heading holding a <button aria-expanded aria-controls>, and the panel it
 * shows or hides. Not react-aria's Disclosure: the footer puts an accordion
 * on every page, and react-aria's press handling under it would cost every
 * first load about 15 KB gzip (over the 120 KB budget of /). A native button
 * already does everything this needs (Enter, Space, focus).
 */

interface AccordionState {
  expanded: ReadonlySet<string>;
  toggle(id: string): void;
}

const AccordionContext = createContext<AccordionState | null>(null);

export interface AccordionProps {
  children: ReactNode;
  /** By default only one item is open at a time; opening one closes the other. */
  allowsMultipleExpanded?: boolean;
  defaultExpandedKeys?: Iterable<string>;
}

/** An accordion: a group of disclosures, by default one open at a time. */
export function Accordion({ children, allowsMultipleExpanded = false, defaultExpandedKeys = [] }: AccordionProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(defaultExpandedKeys));
  const toggle = (id: string) =>
    setExpanded((current) => {
      if (current.has(id)) return new Set([...current].filter((k) => k !== id));
      return new Set(allowsMultipleExpanded ? [...current, id] : [id]);
    });
  return (
    <div className={styles.group}>
      <AccordionContext.Provider value={{ expanded, toggle }}>{children}</AccordionContext.Provider>
    </div>
  );
}

export interface DisclosureProps {
  /** Identifies the item inside its accordion (generated when absent). */
  id?: string;
  title: ReactNode;
  /** The heading level of the trigger, to keep the page's outline in order. */
  level?: 2 | 3 | 4;
  defaultExpanded?: boolean;
  children: ReactNode;
}

/** One expandable section: a heading with a button, and its panel. */
export function Disclosure({ id, title, level = 3, defaultExpanded = false, children }: DisclosureProps) {
  const group = useContext(AccordionContext);
  const autoId = useId();
  const key = id ?? autoId;
  const [ownExpanded, setOwnExpanded] = useState(defaultExpanded);
  const isExpanded = group ? group.expanded.has(key) : ownExpanded;
  const toggle = () => (group ? group.toggle(key) : setOwnExpanded((e) => !e));
  const panelId = useId();
  const Heading = `h${level}` as const;
  return (
    <div className={styles.item} data-expanded={isExpanded || undefined}>
      <Heading className={styles.heading}>
        <button type="button" className={styles.trigger} aria-expanded={isExpanded} aria-controls={panelId} onClick={toggle}>
          {title}
          <span className={styles.chevron}>
            <Icon name="chevronDown" />
          </span>
        </button>
      </Heading>
      <div id={panelId} className={styles.panel} hidden={!isExpanded}>
        {children}
      </div>
    </div>
  );
}
