export type AccordionMode = 'single' | 'multiple';

/**
 * Index of the header that should take focus after a key press on header `index`
 * of `count`, or null when the key is not an accordion navigation key.
 * Arrow keys wrap around; Home and End jump to the first and last header.
 */
export function accordionFocusTarget(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  switch (key) {
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Open panels after activating `id`. In single mode at most one panel is open and,
 * when collapsible, activating the open panel closes it; multiple mode toggles freely.
 */
export function toggleOpenPanels(
  open: readonly string[],
  id: string,
  mode: AccordionMode,
  collapsible = true,
): string[] {
  const isOpen = open.includes(id);
  if (mode === 'multiple') return isOpen ? open.filter((item) => item !== id) : [...open, id];
  if (isOpen) return collapsible ? [] : [id];
  return [id];
}
