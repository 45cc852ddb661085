import type { AriaAttributes } from 'react';
import { Button, type ButtonProps } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type ButtonLinkProps = Pick<
  ButtonProps,
  'appearance' | 'icon' | 'iconPosition' | 'size' | 'shape' | 'className' | 'children' | 'title'
> &
  Pick<AriaAttributes, 'aria-label' | 'aria-current' | 'aria-describedby'> & {
    to: To;
    replace?: boolean;
    'data-testid'?: string;
  };

/** A Fluent button that is a real link (href, middle-click, Enter) navigating inside the app. */
export function ButtonLink({ to, replace, ...buttonProps }: ButtonLinkProps) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to, { replace });
  return <Button {...buttonProps} as="a" href={href} onClick={handleClick} />;
}
