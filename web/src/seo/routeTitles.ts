import { PUBLIC_ROUTES } from '../content';

/** Title (without the brand suffix) and description of a public route from the content catalogue. */
export function routeMeta(path: string): { title: string; description: string } {
  const route = PUBLIC_ROUTES.find((candidate) => candidate.path === path);
  if (!route) throw new Error(`${path} is not in PUBLIC_ROUTES`);
  return { title: route.title, description: route.description };
}
