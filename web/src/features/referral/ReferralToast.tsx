import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import type { Toast } from './referralForm';

/** How long a toast that is not an error stays; errors stay until closed or replaced. */
const SHOW_MS = 8000;

const regionSx = {
  position: 'fixed',
  left: 16,
  right: 16,
  bottom: 16,
  zIndex: 1400,
  display: 'flex',
  justifyContent: 'center',
  pointerEvents: 'none',
  displayPrint: 'none',
} as const;

function ToastCard({ toast, onClose }: { toast: Toast; onClose: () => void }) {
  return (
    <Alert
      // The live region around it announces it; the card itself is no second alert.
      role="none"
      variant="filled"
      severity={toast.tone}
      onClose={onClose}
      slotProps={{ closeButton: { title: 'Close', 'aria-label': 'Close notification' } }}
      sx={{ maxWidth: 560, width: '100%', pointerEvents: 'auto', boxShadow: 4 }}
    >
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.description}
    </Alert>
  );
}

/**
 * The referral's toasts (spec section 8). Both live regions are always in the page, so
 * screen readers announce what appears in them: errors (the destructive toasts) assertively
 * in role=alert, everything else politely in role=status.
 */
export function ReferralToast({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  useEffect(() => {
    if (!toast || toast.tone === 'error') return;
    const timer = setTimeout(onClose, SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast, onClose]);

  useEffect(() => {
    if (!toast) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [toast, onClose]);

  return (
    <>
      <Box
        role="status"
        aria-live="polite"
        aria-atomic="true"
        sx={regionSx}
        data-testid="referral-status"
      >
        {toast && toast.tone !== 'error' && <ToastCard toast={toast} onClose={onClose} />}
      </Box>
      <Box
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        sx={regionSx}
        data-testid="referral-alert"
      >
        {toast && toast.tone === 'error' && <ToastCard toast={toast} onClose={onClose} />}
      </Box>
    </>
  );
}
