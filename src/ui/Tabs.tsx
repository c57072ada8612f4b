import { createContext, useContext, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import * as styles from './tabs.css.ts';

/*
 * Tabs as the ARIA Authoring Practices describe them (automatic activation):
 * arrow keys, Home and End move between tabs and select them, Tab moves into
 * the panel. Native elements rather than react-aria's Tabs, for the same
 * reason as Disclosure: the public pages that use tabs (Help, the style
 * guide) must load fast on a phone (Lighthouse 95), and react-aria's
 * collection and press code cost them about 30 KB gzip.
 */

interface TabsState {
  selected: string;
  select(key: string): void;
  idOf(kind: 'tab' | 'panel', key: string): string;
}

const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab, TabList and TabPanel belong inside Tabs');
  return state;
}

export interface TabsProps {
  /** The selected tab's id, when the caller keeps it (for example in the URL). */
  selectedKey?: string;
  defaultSelectedKey?: string;
  onSelectionChange?: (key: string) => void;
  children: ReactNode;
}

export function Tabs({ selectedKey, defaultSelectedKey = '', onSelectionChange, children }: TabsProps) {
  const [own, setOwn] = useState(defaultSelectedKey);
  const base = useId();
  const selected = selectedKey ?? own;
  const state: TabsState = {
    selected,
    select(key) {
      if (key === selected) return;
      setOwn(key);
      onSelectionChange?.(key);
    },
    idOf: (kind, key) => `${base}-${kind}-${key}`,
  };
  return (
    <div className={styles.tabs}>
      <TabsContext.Provider value={state}>{children}</TabsContext.Provider>
    </div>
  );
}

export function TabList({ children, ...label }: { children: ReactNode; 'aria-label': string }) {
  const { select } = useTabs();
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const tabs = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    tab.focus();
    select(tab.dataset.key!);
  };
  return (
    <div role="tablist" aria-label={label['aria-label']} className={styles.list} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}

export function Tab({ id, children }: { id: string; children: ReactNode }) {
  const { selected, select, idOf } = useTabs();
  const isSelected = selected === id;
  return (
    <button
      type="button"
      role="tab"
      id={idOf('tab', id)}
      data-key={id}
      aria-selected={isSelected}
      aria-controls={idOf('panel', id)}
      tabIndex={isSelected ? 0 : -1}
      className={styles.tab}
      onClick={() => select(id)}
    >
      {children}
    </button>
  );
}

/** The selected tab's panel; the others stay in the DOM, empty and hidden, so every aria-controls resolves. */
export function TabPanel({ id, children }: { id: string; children: ReactNode }) {
  const { selected, idOf } = useTabs();
  const isSelected = selected === id;
  return (
    <div role="tabpanel" id={idOf('panel', id)} aria-labelledby={idOf('tab', id)} tabIndex={0} hidden={!isSelected} className={styles.panel}>
      {isSelected && children}
    </div>
  );
}
