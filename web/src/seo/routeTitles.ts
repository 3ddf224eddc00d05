import { PUBLIC_ROUTES } from '../content';
import { BRAND } from './meta';

/** Page name (without the brand suffix) of a public route, as listed in the content catalogue. */
export function routeTitle(path: string): string {
  return PUBLIC_ROUTES.find((route) => route.path === path)?.title ?? BRAND;
}
