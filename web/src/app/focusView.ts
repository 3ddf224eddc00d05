/**
 * Where a view of the checker (landing, a step, the results) begins: the top of the page,
 * so the header and the progress above the heading are in sight, with focus on the view's
 * heading so keyboard and screen-reader users start there too. Focus alone would scroll
 * only as far as the heading, and the landing's heading would not take focus at all.
 */
export function focusView(heading: HTMLElement | null): void {
  window.scrollTo(0, 0);
  heading?.focus({ preventScroll: true });
}
