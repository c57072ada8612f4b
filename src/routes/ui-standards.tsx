import { createFileRoute } from '@tanstack/react-router';
import { Page, Prose, Section } from '../ui/Page.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../ui/Tabs.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { Icon, ICON_PATHS, type IconName } from '../ui/Icon.tsx';
import { breakpoints, tokens } from '../ui/theme.css.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { lazyPart } from '../ui/lazyPart.tsx';
import * as styles from './-ui-standards.css.ts';

export const Route = createFileRoute('/ui-standards')({ component: StyleGuide });

// The live examples load every part of the design system; they load when their tab opens.
const ComponentExamples = lazyPart(() => import('./-ui-examples.tsx'), (m) => m.ComponentExamples, {
  what: 'The examples',
  fallback: <Skeleton lines={6} label="Loading the examples" />,
});

/**
 * The internal design reference (spec 2.14), drawn from the live theme: the
 * swatches, type samples and spacing bars use the same CSS variables as the
 * product, and the values printed beside them are the token values.
 * COMPONENTS is an addition: a usage example of every part of src/ui/.
 */
function StyleGuide() {
  return (
    <Page title="Style Guide" intro="The design tokens and components every screen of the portal is built from.">
      <Tabs defaultSelectedKey="links">
        <TabList aria-label="Style guide sections">
          <Tab id="layout">LAYOUT</Tab>
          <Tab id="palette">PALETTE</Tab>
          <Tab id="icons">ICONS</Tab>
          <Tab id="typography">TYPOGRAPHY</Tab>
          <Tab id="links">LINKS</Tab>
          <Tab id="components">COMPONENTS</Tab>
        </TabList>
        <TabPanel id="layout">
          <Layout />
        </TabPanel>
        <TabPanel id="palette">
          <Palette />
        </TabPanel>
        <TabPanel id="icons">
          <Icons />
        </TabPanel>
        <TabPanel id="typography">
          <Typography />
        </TabPanel>
        <TabPanel id="links">
          <Links />
        </TabPanel>
        <TabPanel id="components">
          <ComponentExamples />
        </TabPanel>
      </Tabs>
    </Page>
  );
}

function Layout() {
  return (
    <>
      <Section title="Grid">
        <Prose>
          <p>
            The design area is {tokens.layout.designWidth} wide, centred, on a {tokens.layout.columns}-column grid with{' '}
            {tokens.layout.gutter} gutters. Below {breakpoints.tablet} px content stacks in one column; the footer collapses
            into an accordion below {breakpoints.desktop} px.
          </p>
        </Prose>
        <div className={styles.gridDemo} aria-hidden="true">
          {Array.from({ length: Number(tokens.layout.columns) }, (_, i) => (
            <div key={i} className={styles.gridColumn}>
              {i + 1}
            </div>
          ))}
        </div>
      </Section>
      <Section title="Spacing">
        <ul aria-label="Spacing scale">
          {(Object.keys(tokens.space) as (keyof typeof tokens.space)[]).map((k) => (
            <li key={k} className={styles.spaceRow}>
              <code className={styles.code}>space.{k}</code> {tokens.space[k]}
              <span className={styles.spaceBar[k]} aria-hidden="true" />
            </li>
          ))}
        </ul>
      </Section>
      <Section title="Breakpoints">
        <ul>
          <li>Tablet: {breakpoints.tablet} px and wider</li>
          <li>Desktop: {breakpoints.desktop} px and wider</li>
        </ul>
      </Section>
    </>
  );
}

function Palette() {
  const names = Object.keys(tokens.color) as (keyof typeof tokens.color)[];
  return (
    <Section title="Colours">
      <Prose>
        <p>White background; text and link colours meet WCAG AA contrast on it. Links turn purple on hover.</p>
      </Prose>
      <ul className={styles.swatches}>
        {names.map((name) => (
          <li key={name} className={styles.swatchItem}>
            <div className={styles.swatch[name]} aria-hidden="true" />
            <div className={styles.swatchText}>
              <strong>{name}</strong>
              <br />
              <code className={styles.code}>{tokens.color[name]}</code>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Icons() {
  return (
    <Section title="Icons">
      <Prose>
        <p>Line icons on a 24 px grid. Decorative icons are hidden from assistive technology; an icon that stands alone gets a label.</p>
      </Prose>
      <ul className={styles.icons}>
        {(Object.keys(ICON_PATHS) as IconName[]).map((name) => (
          <li key={name} className={styles.iconItem}>
            <Icon name={name} size="large" />
            <code className={styles.code}>{name}</code>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Typography() {
  const steps = Object.keys(tokens.type) as (keyof typeof tokens.type)[];
  return (
    <Section title="Type Scale">
      <Prose>
        <p>
          Body text is {tokens.type.body.size}/{tokens.type.body.lineHeight} in the system font stack; weights{' '}
          {Object.values(tokens.weight).join(', ')}.
        </p>
      </Prose>
      {steps.map((step) => (
        <div key={step} className={styles.typeRow}>
          <code className={styles.code}>
            type.{step}: {tokens.type[step].size}/{tokens.type[step].lineHeight}
          </code>
          <p className={styles.typeSample[step]}>Home delivery of your medicines</p>
        </div>
      ))}
    </Section>
  );
}

function Links() {
  return (
    <Section title="Links">
      <Prose>
        <p>
          Links are underlined in the brand colour <code className={styles.code}>{tokens.color.brand}</code> and turn purple{' '}
          <code className={styles.code}>{tokens.color.linkHover}</code> on hover. Keyboard focus shows a{' '}
          <code className={styles.code}>{tokens.focus.ring}</code> ring.
        </p>
        <ul>
          <li>
            In-app: <Link to="/help">Help</Link>
          </li>
          <li>
            New tab, announced to screen readers: <ExternalLink href="https://members.example.com">Member Sign In</ExternalLink>
          </li>
          <li>
            Call to action: <Link to="/memberInfo" variant="primary">GET STARTED TODAY!</Link>
          </li>
        </ul>
        <p>Plain links, without an underline until hovered, are for menus and lists of links only, never inside running text:</p>
        <ul>
          <li>
            <Link to="/ContactUs" variant="plain">
              Contact Us
            </Link>
          </li>
          <li>
            <Link to="/help" variant="plain">
              Help
            </Link>
          </li>
        </ul>
      </Prose>
    </Section>
  );
}
