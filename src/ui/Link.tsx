import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { link } from './link.css.ts';
import { visuallyHidden } from './a11y.css.ts';

export type LinkVariant = 'inline' | 'plain' | 'inverse' | 'primary' | 'secondary';

interface StyledLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'className' | 'style'> {
  variant?: LinkVariant;
  ref?: Ref<HTMLAnchorElement>;
}

// A native anchor: the platform already gives links their keyboard, focus and
// context-menu behaviour, so links need no react-aria code (which keeps it off
// pages whose only interactive parts are links). States are styled with
// :hover and :focus-visible.
function StyledLink({ variant, ...props }: StyledLinkProps) {
  return <a {...props} className={link({ variant })} />;
}

const RouterLink = createLink(StyledLink);

/** An in-app link: typed routes from the router, preloaded on intent, the design system's look. */
export const Link: LinkComponent<typeof StyledLink> = (props) => <RouterLink preload="intent" {...props} />;

export interface ExternalLinkProps {
  href: string;
  children: ReactNode;
  variant?: LinkVariant;
  /** Downloads and other sites open in a new tab, and say so to screen readers. */
  newTab?: boolean;
}

/** A link out of the app (other sites, PDFs, tel: and mailto:). */
export function ExternalLink({ href, children, variant, newTab = true }: ExternalLinkProps) {
  return (
    <StyledLink href={href} variant={variant} {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {newTab && <span className={visuallyHidden}> (opens in a new tab)</span>}
    </StyledLink>
  );
}
