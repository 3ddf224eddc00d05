import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width in whole CSS px of the element given the returned ref, kept current as the window
 * or layout changes (undefined until it is first measured). A chart drawn at this width keeps
 * its text at its real size instead of scaling it down with the picture on a phone.
 */
export function useElementWidth<T extends Element>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number>();

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return [ref, width] as const;
}
