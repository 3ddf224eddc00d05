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
function createSvgIcon(path: ReactNode, name: string) {
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

// Material Design icon paths (Apache-2.0), inlined to avoid shipping the whole icon package.
export const ExpandMoreIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />,
  'ExpandMore',
);
export const CheckCircleIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z" />,
  'CheckCircle',
);
export const ScheduleIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8m.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z" />,
  'Schedule',
);
export const VerifiedIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M12 1 3 5v6c0 5.55 3.84 10.74 9 12 5.16-1.26 9-6.45 9-12V5zm-2 16-4-4 1.41-1.41L10 14.17l6.59-6.59L18 9z" />,
  'VerifiedUser',
);
export const OpenInNewIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z" />,
  'OpenInNew',
);
export const ArrowBackIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />,
  'ArrowBack',
);
export const AnalyticsIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2M9 17H7v-7h2zm4 0h-2V7h2zm4 0h-2v-4h2z" />,
  'Analytics',
);
export const PeopleIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3m-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3m0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5c0-2.33-4.67-3.5-7-3.5m8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5" />,
  'People',
);
export const WarningIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M1 21h22L12 2zm12-3h-2v-2h2zm0-4h-2v-4h2z" />,
  'Warning',
);
export const PrintIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M19 8H5c-1.66 0-3 1.34-3 3v6h4v4h12v-4h4v-6c0-1.66-1.34-3-3-3m-3 11H8v-5h8zm3-7c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1m-1-9H6v4h12z" />,
  'Print',
);
export const InfoIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m1 15h-2v-6h2zm0-8h-2V7h2z" />,
  'Info',
);
