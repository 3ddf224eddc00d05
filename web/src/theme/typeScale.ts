/**
 * The site's type scale: a few text sizes under the headings and a single bold weight.
 *
 * Every size-and-weight pair on a page is a font the browser has to set up during the page's
 * first layout, before anything is drawn (on Linux, one blocking call to the browser process
 * each). The site had drifted to a dozen such pairs per page (0.85, 0.875, 0.9 and 0.95rem,
 * weights 600, 700 and 800) that nobody could tell apart, and that first layout was the
 * longest task on Lighthouse's slow phone after the browser's own.
 *
 * 700 because it is a real face of every platform's system font; 600 is one only on Apple's
 * and Windows' (elsewhere it is drawn as 700 anyway).
 */
export const TEXT_SIZE = {
  /** Badges and tags. */
  small: '0.875rem',
  body: '1rem',
  /** Lead paragraphs, h3, field legends, the big Start button, the name in the header. */
  lead: '1.125rem',
} as const;

export const BOLD = 700;
