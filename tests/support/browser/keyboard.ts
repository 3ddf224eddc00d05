import type { Page } from 'playwright-core';

export interface FocusInfo {
  tag: string;
  type: string;
  /** Label text for form controls, text content otherwise. */
  name: string;
  checked: boolean;
}

/**
 * What has the focus. A view moves the focus to its heading in an effect, just after the
 * heading is shown, so when `settleOn` names a tag this waits a moment for focus to reach one.
 */
export async function focusInfo(page: Page, settleOn?: string): Promise<FocusInfo> {
  // As text: the root tsconfig checks tests/support without the DOM's types.
  if (settleOn)
    await page
      .waitForFunction(
        `document.activeElement?.tagName.toLowerCase() === ${JSON.stringify(settleOn)}`,
        undefined,
        {
          timeout: 5000,
        },
      )
      .catch(() => undefined);
  return page.evaluate<FocusInfo>(`(() => {
    const element = document.activeElement;
    if (!element) return { tag: '', type: '', name: '', checked: false };
    const input = element instanceof HTMLInputElement ? element : null;
    const label =
      input?.labels?.[0]?.textContent ??
      element.getAttribute('aria-label') ??
      element.textContent ??
      '';
    return {
      tag: element.tagName.toLowerCase(),
      type: input?.type ?? element.getAttribute('type') ?? '',
      name: label.replace(/\\s+/g, ' ').trim(),
      checked: input?.checked ?? false,
    };
  })()`);
}

/** Presses Tab until the focused element matches, failing after `max` presses. */
export async function tabUntil(
  page: Page,
  matches: (focus: FocusInfo) => boolean,
  description: string,
  max = 80,
): Promise<FocusInfo> {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press('Tab');
    const focus = await focusInfo(page);
    if (matches(focus)) return focus;
  }
  throw new Error(`Tab never reached ${description}`);
}

export const isControl = (type: 'checkbox' | 'radio', name: string) => (focus: FocusInfo) =>
  focus.tag === 'input' && focus.type === type && focus.name === name;

export const isButton = (name: string) => (focus: FocusInfo) =>
  (focus.tag === 'button' || focus.tag === 'a') && focus.name === name;

/** Ticks a checkbox with Tab and Space. */
export async function checkByKeyboard(page: Page, label: string): Promise<void> {
  await tabUntil(page, isControl('checkbox', label), `checkbox "${label}"`);
  await page.keyboard.press('Space');
}

/**
 * Chooses a radio option with the keyboard: Tab into the group (focus lands on its first
 * option while none is checked), then arrow down to the option, which selects it.
 */
export async function chooseRadioByKeyboard(
  page: Page,
  firstOption: string,
  option: string,
  options: readonly string[],
): Promise<void> {
  await tabUntil(page, isControl('radio', firstOption), `radio group starting "${firstOption}"`);
  const steps = options.indexOf(option);
  if (steps < 0) throw new Error(`${option} is not an option`);
  if (steps === 0) await page.keyboard.press('Space');
  for (let i = 0; i < steps; i += 1) await page.keyboard.press('ArrowDown');
}
