import type { ReactNode } from 'react';

/**
 * A message only browsers without JavaScript show. Plain inline styles: the content of
 * <noscript> is never hydrated, so it must not depend on the app's style sheets.
 */
export function NoScriptNotice({ children }: { children: ReactNode }) {
  return (
    <noscript>
      <p
        data-testid="noscript-notice"
        style={{
          margin: '16px auto',
          maxWidth: 640,
          padding: '12px 16px',
          border: '2px solid #b45309',
          borderRadius: 8,
          background: '#fffbeb',
          color: '#1f2937',
          textAlign: 'left',
        }}
      >
        {children}
      </p>
    </noscript>
  );
}
