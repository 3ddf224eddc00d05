import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { RouterLinkBase } from './links';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

type Variant = 'contained' | 'outlined';

/**
 * Button look shared by real buttons and button-styled links. Plain elements rather than
 * MUI's Button keep ButtonBase and its ripple machinery out of the pages' first load.
 */
export function actionButtonSx(variant: Variant, fullWidth = false): SxProps<Theme> {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 1,
    width: fullWidth ? '100%' : 'auto',
    minHeight: 48,
    px: 3,
    py: 1,
    border: 2,
    borderColor: 'primary.main',
    borderRadius: '10px',
    font: 'inherit',
    fontWeight: BOLD,
    fontSize: TEXT_SIZE.body,
    lineHeight: 1.4,
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    bgcolor: variant === 'contained' ? 'primary.main' : 'background.paper',
    color: variant === 'contained' ? '#ffffff' : 'primary.main',
    '&:hover':
      variant === 'contained'
        ? { bgcolor: 'primary.dark', borderColor: 'primary.dark' }
        : { bgcolor: '#eff6ff' },
    '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.dark', outlineOffset: 2 },
    '&:disabled': {
      cursor: 'not-allowed',
      bgcolor: '#f1f5f9',
      borderColor: '#cbd5e1',
      color: '#475569',
    },
  };
}

interface ActionButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}

export function ActionButton({
  variant = 'contained',
  fullWidth,
  sx,
  type = 'button',
  ...props
}: ActionButtonProps) {
  return (
    <Box
      component="button"
      type={type}
      sx={[actionButtonSx(variant, fullWidth), ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    />
  );
}

export function ButtonLink({
  to,
  variant = 'contained',
  fullWidth,
  children,
}: {
  to: string;
  variant?: Variant;
  fullWidth?: boolean;
  children: ReactNode;
}) {
  return (
    <Box component={RouterLinkBase} to={to} sx={actionButtonSx(variant, fullWidth)}>
      {children}
    </Box>
  );
}
