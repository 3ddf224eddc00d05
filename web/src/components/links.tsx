import { forwardRef } from 'react';
import { Link as RouterLink, type LinkProps as RouterLinkProps } from 'react-router';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';

/** Router link usable as an MUI `component`, so MUI styling and client navigation combine. */
export const RouterLinkBase = forwardRef<HTMLAnchorElement, RouterLinkProps>(
  function RouterLinkBase(props, ref) {
    return <RouterLink ref={ref} {...props} />;
  },
);

type AppLinkProps = Omit<MuiLinkProps, 'href'> & { to: string };

export function AppLink({ to, ...props }: AppLinkProps) {
  return <MuiLink component={RouterLinkBase} to={to} {...props} />;
}
