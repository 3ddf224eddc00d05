import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
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

function ToastCard({
  toast,
  onClose,
  cardRef,
}: {
  toast: Toast;
  onClose: () => void;
  cardRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <Alert
      ref={cardRef}
      // The live region around it announces it; the card itself is no second alert.
      role="none"
      variant="filled"
      severity={toast.tone}
      onClose={onClose}
      slotProps={{ closeButton: { title: 'Close', 'aria-label': 'Close notification' } }}
      // The transparent border is drawn in forced-colours mode, where the fill is not.
      sx={{
        maxWidth: 560,
        width: '100%',
        pointerEvents: 'auto',
        boxShadow: 4,
        border: '1px solid transparent',
      }}
    >
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.description}
    </Alert>
  );
}

/**
 * While a toast is shown, the page keeps the strip under it out of the scroll area's view
 * (scroll-padding), so the browser scrolls a control that takes focus clear of the toast
 * rather than behind it (WCAG 2.4.11, focus not obscured). An error toast stays until it is
 * closed, and on a short phone screen it covers a third of it.
 */
function useKeepFocusInSight(toast: Toast | null, card: RefObject<HTMLDivElement | null>): void {
  useLayoutEffect(() => {
    if (!toast) return;
    const root = document.documentElement;
    const pad = () => {
      const top = card.current?.getBoundingClientRect().top ?? window.innerHeight;
      // 16 px of space is kept above the card.
      root.style.scrollPaddingBottom = `${Math.max(0, window.innerHeight - top + 16)}px`;
    };
    pad();
    window.addEventListener('resize', pad);
    return () => {
      window.removeEventListener('resize', pad);
      root.style.scrollPaddingBottom = '';
    };
  }, [toast, card]);
}

/**
 * The referral's toasts (spec section 8). Both live regions are always in the page, so
 * screen readers announce what appears in them: errors (the destructive toasts) assertively
 * in role=alert, everything else politely in role=status.
 */
export function ReferralToast({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  const card = useRef<HTMLDivElement>(null);
  useKeepFocusInSight(toast, card);

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
        {toast && toast.tone !== 'error' && (
          <ToastCard toast={toast} onClose={onClose} cardRef={card} />
        )}
      </Box>
      <Box
        role="alert"
        aria-live="assertive"
        aria-atomic="true"
        sx={regionSx}
        data-testid="referral-alert"
      >
        {toast && toast.tone === 'error' && (
          <ToastCard toast={toast} onClose={onClose} cardRef={card} />
        )}
      </Box>
    </>
  );
}
