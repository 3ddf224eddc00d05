import MuiLink from '@mui/material/Link';
import type { ReactNode } from 'react';
import { isAllowedLink } from '../content';
import { OpenInNewIcon } from './icons';
import { VisuallyHidden } from './VisuallyHidden';

/**
 * Outside link that only renders when its host is on the allow-list, opens in a new tab
 * without giving the new page access to this one, and says so to screen-reader users.
 */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  if (!isAllowedLink(href)) return null;
  return (
    <MuiLink href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
      <OpenInNewIcon aria-hidden sx={{ fontSize: '0.9em', ml: 0.5, verticalAlign: 'middle' }} />
    </MuiLink>
  );
}
