import type { ReactNode, Ref } from 'react';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import { Link as RACLink, type LinkProps as RACLinkProps } from 'react-aria-components';
import { link } from './link.css.ts';
import { visuallyHidden } from './a11y.css.ts';

export type LinkVariant = 'inline' | 'plain' | 'inverse' | 'primary' | 'secondary';

interface StyledLinkProps extends Omit<RACLinkProps, 'className' | 'style'> {
  variant?: LinkVariant;
  ref?: Ref<HTMLAnchorElement>;
}

function StyledLink({ variant, ...props }: StyledLinkProps) {
  return <RACLink {...props} className={link({ variant })} />;
}

const RouterLink = createLink(StyledLink);

/** An in-app link: typed routes from the router, react-aria's press and focus states, the design system's look. */
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
