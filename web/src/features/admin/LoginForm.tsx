import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { ActionButton } from '../../components/ActionButton';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage, useLoginMutation } from './adminApi';
import { signedIn } from './adminAuthSlice';

/**
 * Where the form posts when JavaScript has not taken it over (turned off, or the page still
 * loading): a gateway route that answers that sign-in needs JavaScript (Layout shows that
 * notice above the form too). A POST, so the password is never put in a URL: a form without
 * a method would GET this page with it.
 */
export const NO_SCRIPT_LOGIN_ACTION = '/api/auth/login/no-script';

/** Spec §2/§4: email and password; 'Signing in...' while busy; the backend's message on failure. */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(undefined);
    const result = await login({ email, password });
    if ('data' in result && result.data) {
      dispatch(signedIn(result.data));
      navigate('/admin');
      return;
    }
    setFailure(errorMessage(result.error, 'Sign-in failed. Please try again.'));
  }

  return (
    <Box
      component="form"
      method="post"
      action={NO_SCRIPT_LOGIN_ACTION}
      onSubmit={submit}
      noValidate={false}
      aria-label="Admin sign-in"
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        fullWidth
        margin="normal"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        fullWidth
        margin="normal"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <ActionButton type="submit" fullWidth disabled={isLoading} sx={{ mt: 2 }}>
        {isLoading ? 'Signing in...' : 'Sign In'}
      </ActionButton>
      {failure && (
        <Alert severity="error" variant="filled" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
    </Box>
  );
}
