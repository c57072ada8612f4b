import {
  Tab as RACTab,
  TabList as RACTabList,
  TabPanel as RACTabPanel,
  Tabs as RACTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from 'react-aria-components';
import * as styles from './tabs.css.ts';

type Unstyled<T> = Omit<T, 'className' | 'style'>;

/** Tabs: arrow keys move between tabs, Tab moves into the panel. */
export function Tabs(props: Unstyled<TabsProps>) {
  return <RACTabs {...props} className={styles.tabs} />;
}
export function TabList<T extends object>(props: Unstyled<TabListProps<T>>) {
  return <RACTabList {...props} className={styles.list} />;
}
export function Tab(props: Unstyled<TabProps>) {
  return <RACTab {...props} className={styles.tab} />;
}
export function TabPanel(props: Unstyled<TabPanelProps>) {
  return <RACTabPanel {...props} className={styles.panel} />;
}
