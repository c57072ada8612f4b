/**
 * The public pages: one table feeds the header menu, the site map, the site
 * search, document titles and the performance and accessibility runs.
 */
export interface PublicPage {
  readonly path: string;
  readonly title: string;
  /** Words the header search matches besides the title. */
  readonly keywords: string;
  /** The header menu shows on these pages only (spec 2.2). */
  readonly menu?: string;
  /** The footer is hidden on these pages (spec 2.3). */
  readonly noFooter?: boolean;
}

export const publicPages = [
  { path: '/', title: 'Home', menu: 'HOME', keywords: 'home delivery mail order transfer prescriptions 90-day free shipping' },
  { path: '/GettingStarted', title: 'Get Started', menu: 'GET STARTED', keywords: 'eligibility 90-day prescription order form hipaa e-prescribe fax' },
  { path: '/AboutUs', title: 'About Us', menu: 'ABOUT US', keywords: 'maintenance specialty benefits savings members clients' },
  { path: '/providers', title: 'Providers', menu: 'PROVIDERS', keywords: 'prescribers doctors e-prescribe fax referral form specialty network' },
  { path: '/ContactUs', title: 'Contact', menu: 'CONTACT', keywords: 'phone fax email hours address tty' },
  { path: '/help', title: 'Help', menu: 'HELP', keywords: 'orders disposal after hours wellness specialty maintenance' },
  { path: '/TermsOfUse', title: 'Terms of Use', noFooter: true, keywords: 'legal terms sms arbitration' },
  { path: '/PrivacyPolicy', title: 'Privacy Policy', noFooter: true, keywords: 'privacy personal information sms california' },
  { path: '/disclaimer', title: 'Disclaimer', noFooter: true, keywords: 'legal third-party websites copyright' },
  { path: '/PreLoginSiteMap', title: 'Site Map', noFooter: true, keywords: 'pages resources documents pdf' },
  { path: '/accessibility', title: 'Accessibility', keywords: 'accessibility wcag screen reader keyboard' },
  { path: '/ui-standards', title: 'Style Guide', keywords: 'design system palette typography icons links layout' },
] as const satisfies readonly PublicPage[];

export type PublicPath = (typeof publicPages)[number]['path'];

const menuPaths = new Set<string>(publicPages.filter((p) => 'menu' in p).map((p) => p.path));
const noFooterPaths = new Set<string>(publicPages.filter((p) => 'noFooter' in p).map((p) => p.path));

/** Whether the header menu shows on this pathname. */
export function showsMenu(pathname: string): boolean {
  return menuPaths.has(pathname);
}

/** Whether the footer shows on this pathname (hidden on the legal pages, the site map and /EasyFill). */
export function showsFooter(pathname: string): boolean {
  return !noFooterPaths.has(pathname) && !isEasyFill(pathname);
}

/** GO BACK is hidden on /EasyFill (spec 2.2) and on the home page, where there is nowhere to go back to. */
export function showsGoBack(pathname: string): boolean {
  return pathname !== '/' && !isEasyFill(pathname);
}

function isEasyFill(pathname: string): boolean {
  return pathname === '/EasyFill' || pathname.startsWith('/EasyFill/');
}

type AnyPage = (typeof publicPages)[number];
/** The header menu's pages, in menu order. */
export const menuPages = publicPages.filter((p): p is Extract<AnyPage, { menu: string }> => 'menu' in p);
