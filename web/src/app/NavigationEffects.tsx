import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { trackPageView } from '../analytics/tracker';
import { canonicalTarget, looksNonCanonical } from './redirects';

/**
 * Non-canonical spellings of a path (upper case, trailing slash) are replaced with the
 * canonical route; every other navigation counts as a page view. Runs after render so
 * hydration of the prerendered page is never disturbed.
 */
export function NavigationEffects() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const suspicious = looksNonCanonical(pathname);

  useEffect(() => {
    if (!suspicious) return;
    let current = true;
    void canonicalTarget(pathname).then((target) => {
      if (current && target) navigate(`${target}${search}${hash}`, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [suspicious, pathname, search, hash, navigate]);

  // Questionnaire steps change only the query string; a page view is a new path.
  useEffect(() => {
    if (!suspicious) trackPageView(pathname);
  }, [suspicious, pathname]);

  return null;
}
