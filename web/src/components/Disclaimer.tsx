import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { ReactNode } from 'react';

/** The medical disclaimer block used on the landing pages and condition guides. */
export function Disclaimer({ title = 'Medical disclaimer', children }: { title?: string; children?: ReactNode }) {
  return (
    <Alert severity="warning" role="note" sx={{ my: 3 }}>
      <AlertTitle component="h2" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>
        {title}
      </AlertTitle>
      {children ?? (
        <>
          HandCheck gives general information only and is not a substitute for professional medical advice, diagnosis
          or treatment. It is intended for adults, not children. <strong>In an emergency, call 911</strong> (999 in the
          UK).
        </>
      )}
    </Alert>
  );
}
