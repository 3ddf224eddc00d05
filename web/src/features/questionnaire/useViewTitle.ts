import { useEffect } from 'react';
import { fullTitle } from '../../seo/meta';

/** Tab title of a questionnaire step, e.g. "Step 2 of 6: Associated Symptoms". */
export function stepTitle(step: number, steps: number, title: string): string {
  return `Step ${step} of ${steps}: ${title}`;
}

/**
 * Gives a view inside a page (a questionnaire step, the results) its own tab title with the
 * brand suffix, so screen readers and browser history say where the visitor is; the page's
 * own title comes back when the view goes.
 */
export function useViewTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = fullTitle(title);
    return () => {
      document.title = previous;
    };
  }, [title]);
}
