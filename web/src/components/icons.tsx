import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** What of MUI's SvgIcon the site uses: the size, sx, and aria-/data- attributes. */
export interface IconProps {
  fontSize?: 'inherit' | 'small' | 'medium' | 'large';
  sx?: SxProps<Theme>;
  className?: string;
  [attribute: `aria-${string}` | `data-${string}`]: string | boolean | undefined;
}

// MUI SvgIcon's sizes: theme.typography.pxToRem(20 / 24 / 35).
const FONT_SIZES = { inherit: 'inherit', small: '1.25rem', medium: '1.5rem', large: '2.1875rem' };

/**
 * A Material icon drawn as MUI's SvgIcon draws it (1em square, current colour, hidden from
 * screen readers), without SvgIcon's own code: a few lines instead of about 1 KB gzip on every
 * page that shows an icon.
 */
export function createSvgIcon(path: ReactNode, name: string) {
  function Icon({ fontSize = 'medium', sx, ...props }: IconProps) {
    return (
      <Box
        component="svg"
        focusable="false"
        aria-hidden
        viewBox="0 0 24 24"
        data-testid={`${name}Icon`}
        {...props}
        sx={[
          {
            userSelect: 'none',
            width: '1em',
            height: '1em',
            display: 'inline-block',
            flexShrink: 0,
            transition: (theme) =>
              theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
            fill: 'currentColor',
            fontSize: FONT_SIZES[fontSize],
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
      >
        {path}
      </Box>
    );
  }
  Icon.displayName = `${name}Icon`;
  return Icon;
}

/**
 * Icons from their Material Design paths (Apache-2.0), inlined to avoid shipping the whole icon
 * package; each key is the component's name (`ExpandMoreIcon`, data-testid "ExpandMoreIcon").
 */
export function svgIcons<const Name extends `${string}Icon`>(
  paths: Record<Name, string>,
): Record<Name, ReturnType<typeof createSvgIcon>> {
  const icons = Object.entries<string>(paths).map(([key, d]) => [
    key,
    createSvgIcon(<path d={d} />, key.slice(0, -'Icon'.length)),
  ]);
  return Object.fromEntries(icons) as Record<Name, ReturnType<typeof createSvgIcon>>;
}

// The icons several parts of the site use; an icon one part alone uses is kept beside it
// (checkerIcons, FaqPage, Results), so the pages without that part do not load its drawing.
export const { ExpandMoreIcon, CheckCircleIcon, OpenInNewIcon, WarningIcon, InfoIcon } =
  /* @__PURE__ */ svgIcons({
    ExpandMoreIcon: 'M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z',
    CheckCircleIcon:
      'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
    OpenInNewIcon:
      'M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z',
    WarningIcon: 'M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z',
    InfoIcon:
      'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-6h2zm0-8h-2V7h2z',
  });
