/*
 * Only the results show priorities, so their colours live here rather than in the theme,
 * which every page loads.
 */

/** Priority tones from the diagnosis package mapped to AA-contrast text/background pairs. */
export const PRIORITY_COLOURS = {
  red: { text: '#991b1b', background: '#fee2e2', border: '#dc2626' },
  orange: { text: '#9a3412', background: '#ffedd5', border: '#ea580c' },
  yellow: { text: '#854d0e', background: '#fef9c3', border: '#ca8a04' },
} as const;

export type PriorityTone = keyof typeof PRIORITY_COLOURS;
