import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export interface TextLinkProps {
  to: To;
  children: ReactNode;
  replace?: boolean;
  /** History state for the next screen (where it was opened from, for its breadcrumb). */
  state?: unknown;
  className?: string;
  'data-testid'?: string;
}

/** A Fluent inline link navigating inside the app. */
export function TextLink({ to, replace, state, children, ...rest }: TextLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state });
  return (
    <Link {...rest} href={href} onClick={handleClick}>
      {children}
    </Link>
  );
}
