import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { normalisePath } from '@handcheck/site-paths';
import { EXCLUDED_USER_AGENTS } from '../analytics/config';
import { startAnalytics, trackPageView } from '../analytics/browserTracker';

/**
 * Legacy and non-canonical paths (old slugs, upper case, trailing slash) are replaced
 * with their canonical route; every other navigation counts as a page view. Runs after
 * render so hydration of the prerendered page is never disturbed.
 */
export function NavigationEffects() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const target = normalisePath(pathname);

  useEffect(() => {
    if (target) navigate(`${target}${search}${hash}`, { replace: true });
  }, [target, search, hash, navigate]);

  useEffect(() => startAnalytics(EXCLUDED_USER_AGENTS), []);

  // Questionnaire steps change only the query string; a page view is a new path.
  useEffect(() => {
    if (!target) trackPageView(pathname);
  }, [target, pathname]);

  return null;
}
