// The marker lives in server-kit so its own controllers (health, metrics) can carry it.
export { IS_PUBLIC_KEY, Public } from '@handcheck/server-kit';
