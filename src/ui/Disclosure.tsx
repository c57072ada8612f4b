import type { ReactNode } from 'react';
import {
  Button,
  Disclosure as RACDisclosure,
  DisclosureGroup,
  DisclosurePanel,
  Heading,
  type DisclosureGroupProps,
  type DisclosureProps as RACDisclosureProps,
} from 'react-aria-components';
import * as styles from './disclosure.css.ts';
import { Icon } from './Icon.tsx';

/** An accordion: by default only one item is open at a time. */
export function Accordion(props: Omit<DisclosureGroupProps, 'className' | 'style'>) {
  return <DisclosureGroup {...props} className={styles.group} />;
}

export interface DisclosureProps extends Omit<RACDisclosureProps, 'className' | 'style' | 'children'> {
  title: ReactNode;
  /** The heading level of the trigger, to keep the page's outline in order. */
  level?: 2 | 3 | 4;
  children: ReactNode;
}

/** One expandable section: a heading with a button, and its panel. */
export function Disclosure({ title, level = 3, children, ...props }: DisclosureProps) {
  return (
    <RACDisclosure {...props} className={styles.item}>
      <Heading level={level} className={styles.heading}>
        <Button slot="trigger" className={styles.trigger}>
          {title}
          <span className={styles.chevron}>
            <Icon name="chevronDown" />
          </span>
        </Button>
      </Heading>
      <DisclosurePanel className={styles.panel}>{children}</DisclosurePanel>
    </RACDisclosure>
  );
}
