import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link as RouterLink, useRouterState } from '@tanstack/react-router';
import { NativeButton } from '../ui/NativeButton.tsx';
import { ExternalLink, Link } from '../ui/Link.tsx';
import { Icon } from '../ui/Icon.tsx';
import { visuallyHidden } from '../ui/a11y.css.ts';
import { SITE_NAME } from '../ui/Page.tsx';
import { bannerEnabled, careersUrl, memberPortalUrl } from '../content/contact.ts';
import { menuPages, showsMenu, type PublicPage } from './pages.ts';
import { searchPages, searchSummary } from './search.ts';
import { ServerBanner } from './ServerBanner.tsx';
import * as styles from './header.css.ts';

const ABOUT_SUBMENU = [
  { hash: 'members', label: 'For Members' },
  { hash: 'clients', label: 'For Clients' },
  { hash: 'specialty', label: 'Specialty Medicines' },
] as const;

/** The shared header: skip link, utility links, server banner, and the sticky bar with menu and search. */
export function Header() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // The small-screen menu is open on the page where it was opened; navigating closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenOn(open ? pathname : null);
  const stuck = useStuckAfter60px();
  const toggle = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Escape closes the small-screen menu wherever the focus is; from inside the
  // menu the focus returns to its button. (A submenu or the search results close first: they
  // mark the key as handled.)
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const inside = panel.current?.contains(document.activeElement) ?? false;
      setOpenOn(null);
      if (inside) toggle.current?.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);
  // The open menu is part of the sticky bar: once the focus leaves it (Tab past its end, or back
  // before its button) it closes, so nothing focused can sit under a bar made tall by the open
  // menu (WCAG 2.4.11).
  const closeWhenLeft = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (!menuOpen || next === null || next === toggle.current || panel.current?.contains(next)) return;
    setMenuOpen(false);
  };

  // The utility links and the banner scroll away; the bar below them is the
  // <header> landmark and sticks to the top (a sticky element only sticks
  // within its parent, so it is a sibling of the page, not nested).
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        Skip to main content
      </a>
      <nav aria-label="Member" className={styles.utility}>
        <div className={styles.utilityInner}>
          {/* Ours: the public order check is not one of the spec's pages, but every member needs the way in. It
              sits here, not in the main menu: a seventh item there wrapped the menu at 1024-1280 px. */}
          <Link to="/orderStatus" variant="inverse">
            Check order status
          </Link>
          <ExternalLink href={memberPortalUrl} variant="inverse">
            Member Sign In
          </ExternalLink>
          <ExternalLink href={careersUrl} variant="inverse">
            Careers
          </ExternalLink>
        </div>
      </nav>
      {bannerEnabled && <ServerBanner />}
      <header className={styles.bar} data-stuck={stuck} onBlur={closeWhenLeft}>
        <div className={styles.barInner}>
          <RouterLink to="/" className={styles.brand}>
            <Icon name="pill" />
            {SITE_NAME}
          </RouterLink>
          <span className={styles.menuToggle}>
            <NativeButton
              ref={toggle}
              variant="secondary"
              size="small"
              aria-expanded={menuOpen}
              aria-controls="site-menu"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              <Icon name={menuOpen ? 'close' : 'menu'} />
              {menuOpen ? 'Close' : 'Menu'}
            </NativeButton>
          </span>
          <div id="site-menu" ref={panel} className={styles.panel} data-open={menuOpen}>
            {showsMenu(pathname) && <MainMenu />}
            <SiteSearch />
          </div>
        </div>
      </header>
    </>
  );
}

function MainMenu() {
  return (
    <nav aria-label="Main">
      <ul className={styles.navList}>
        {menuPages.map((page) => (
          <li key={page.path} className={styles.navItem}>
            <RouterLink to={page.path} className={styles.navLink} activeOptions={{ exact: true, includeHash: false }}>
              {page.menu}
            </RouterLink>
            {page.path === '/AboutUs' && <AboutSubmenu />}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The ABOUT US submenu: a disclosure (APG navigation pattern); Escape closes it and returns focus. */
function AboutSubmenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    }
  };
  return (
    <div
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button ref={toggle} type="button" className={styles.subToggle} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <Icon name="chevronDown" />
        <span className={visuallyHidden}>About Us submenu</span>
      </button>
      <ul id={id} className={styles.subMenu} hidden={!open}>
        {ABOUT_SUBMENU.map((item) => (
          <li key={item.hash}>
            <RouterLink to="/AboutUs" hash={item.hash} className={styles.subLink} onClick={() => setOpen(false)}>
              {item.label}
            </RouterLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The header search box (form id header_drug_search_form): it finds the portal's public pages. */
function SiteSearch() {
  const [query, setQuery] = useState('');
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  // Results belong to the page they were asked on; navigating closes them.
  const [found, setFound] = useState<{ on: string; pages: PublicPage[]; summary: string } | null>(null);
  const results = found?.on === pathname ? found.pages : null;
  const setResults = (pages: PublicPage[] | null) => setFound(pages ? { on: pathname, pages, summary: searchSummary(query, pages.length) } : null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setResults(searchPages(query));
  };
  // method="dialog": a search sent before the page's script has taken over (the form comes with the
  // HTML) goes nowhere, instead of reloading the page with the words (perhaps a drug's name) in its URL.
  return (
    <>
      <form id="header_drug_search_form" role="search" aria-label="Site" className={styles.search} method="dialog" onSubmit={submit}>
        <input
          type="search"
          name="q"
          aria-label="Search text"
          placeholder="Search text"
          className={styles.searchInput}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && results) {
              e.preventDefault();
              setResults(null);
            }
          }}
          autoComplete="off"
        />
        <button type="submit" className={styles.searchButton}>
          <Icon name="search" label="Search" />
        </button>
      </form>
      {/* Always on the page, so that what a search found is announced when it changes (a region added with its text is not). */}
      <p role="status" className={visuallyHidden}>
        {found && results ? found.summary : ''}
      </p>
      {results && found && (
        <div className={styles.results} role="region" aria-label="Search results" onKeyDown={(e) => e.key === 'Escape' && setResults(null)}>
          <p>{found.summary}</p>
          <ul className={styles.resultList}>
            {results.map((page) => (
              <li key={page.path}>
                <Link to={page.path}>{page.title}</Link>
              </li>
            ))}
            {results.length === 0 && (
              <li>
                <Link to="/memberInfo">Transfer or request a prescription</Link>
              </li>
            )}
          </ul>
          <NativeButton variant="quiet" size="small" onClick={() => setResults(null)}>
            Close search results
          </NativeButton>
        </div>
      )}
    </>
  );
}

/** True once the page has scrolled more than 60 px (spec 2.2); the bar then shows as raised. */
function useStuckAfter60px(): boolean {
  const [stuck, setStuck] = useState(false);
  useEffect(() => {
    const update = () => setStuck(window.scrollY > 60);
    // Read once the first frame is out: reading scrollY here would force the page's first layout
    // inside this effect (60 ms on Lighthouse's slowed phone), before anything is painted.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(update, 0)));
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      window.removeEventListener('scroll', update);
    };
  }, []);
  return stuck;
}
