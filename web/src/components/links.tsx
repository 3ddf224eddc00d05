import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A path within the site. */
  to: To;
  replace?: boolean;
  state?: unknown;
}

/**
 * Router link usable as an MUI `component`, so MUI styling and client navigation combine.
 * Built from react-router's hooks for custom links (useHref, useLinkClickHandler: the same
 * href and click handling as its <Link>) because <Link> also carries framework-mode code
 * (route prefetching and discovery, about 3 KiB gzip in every page) this site never uses.
 */
export const RouterLinkBase = forwardRef<HTMLAnchorElement, RouterLinkProps>(
  function RouterLinkBase({ to, replace, state, target, onClick, ...rest }, ref) {
    const href = useHref(to);
    const navigate = useLinkClickHandler(to, { replace, state, target });
    return (
      <a
        {...rest}
        ref={ref}
        href={href}
        target={target}
        onClick={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) navigate(event);
        }}
      />
    );
  },
);

type AppLinkProps = Omit<MuiLinkProps, 'href'> & { to: string };

export function AppLink({ to, ...props }: AppLinkProps) {
  return <MuiLink component={RouterLinkBase} to={to} {...props} />;
}
