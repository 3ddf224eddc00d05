import { Component, type ErrorInfo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ActionButton } from '../components/ActionButton';

interface State {
  failed: boolean;
}

/** Last-resort screen when rendering throws (spec §8). Reloading restores the app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application render failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Box
        component="main"
        id="main"
        sx={{ maxWidth: 560, mx: 'auto', my: 10, px: 3, textAlign: 'center' }}
      >
        <Typography component="h1" variant="h1" sx={{ mb: 2 }}>
          Something went wrong
        </Typography>
        <Typography sx={{ mb: 4 }}>
          We apologize for the inconvenience. An unexpected error occurred while loading the
          application.
        </Typography>
        <ActionButton onClick={() => window.location.reload()}>Reload Application</ActionButton>
      </Box>
    );
  }
}
