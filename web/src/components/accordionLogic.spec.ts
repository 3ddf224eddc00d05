import { accordionFocusTarget, toggleOpenPanels } from './accordionLogic';

describe('accordion keyboard navigation', () => {
  it('moves down and up between headers, wrapping at both ends', () => {
    expect(accordionFocusTarget('ArrowDown', 0, 3)).toBe(1);
    expect(accordionFocusTarget('ArrowDown', 2, 3)).toBe(0);
    expect(accordionFocusTarget('ArrowUp', 1, 3)).toBe(0);
    expect(accordionFocusTarget('ArrowUp', 0, 3)).toBe(2);
  });

  it('jumps to the first and last header with Home and End', () => {
    expect(accordionFocusTarget('Home', 2, 5)).toBe(0);
    expect(accordionFocusTarget('End', 0, 5)).toBe(4);
  });

  it('ignores other keys and empty accordions', () => {
    for (const key of ['Enter', ' ', 'Tab', 'ArrowLeft', 'a'])
      expect(accordionFocusTarget(key, 1, 3)).toBeNull();
    expect(accordionFocusTarget('ArrowDown', 0, 0)).toBeNull();
  });

  it('stays put with a single header', () => {
    expect(
      ['ArrowDown', 'ArrowUp', 'Home', 'End'].map((key) => accordionFocusTarget(key, 0, 1)),
    ).toEqual([0, 0, 0, 0]);
  });
});

describe('accordion open panels', () => {
  it('keeps at most one panel open in single mode and closes it again when collapsible', () => {
    let open = toggleOpenPanels([], 'a', 'single');
    expect(open).toEqual(['a']);
    open = toggleOpenPanels(open, 'b', 'single');
    expect(open).toEqual(['b']);
    expect(toggleOpenPanels(open, 'b', 'single', true)).toEqual([]);
  });

  it('keeps the open panel open in single mode when not collapsible', () => {
    expect(toggleOpenPanels(['a'], 'a', 'single', false)).toEqual(['a']);
  });

  it('toggles panels independently in multiple mode', () => {
    let open = toggleOpenPanels([], 'a', 'multiple');
    open = toggleOpenPanels(open, 'c', 'multiple');
    expect(open).toEqual(['a', 'c']);
    expect(toggleOpenPanels(open, 'a', 'multiple')).toEqual(['c']);
  });
});
