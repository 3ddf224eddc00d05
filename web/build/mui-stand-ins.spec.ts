import { createThemeSource } from './mui-stand-ins';

type CreateTheme = (...args: unknown[]) => Record<string, unknown>;

/** The stand-in module's createTheme, run against a stand-in of MUI's createThemeNoVars. */
function standInCreateTheme(made: Array<unknown[]>): CreateTheme {
  const source = createThemeSource('/mui/styles')
    .replace(/^import createThemeNoVars from .*;$/m, '')
    .replace('export default function createTheme', 'return function createTheme');
  const createThemeNoVars = (...args: unknown[]) => {
    made.push(args);
    return { palette: { mode: 'light', primary: { main: '#1976d2' } }, spacing: 8, args };
  };
  // The module's text is our own template (above): running it is the way to test it.
  return new Function('createThemeNoVars', source)(createThemeNoVars) as CreateTheme;
}

describe('the createTheme stand-in', () => {
  it('imports createThemeNoVars from the styles folder it stands in for', () => {
    expect(createThemeSource('/mui/styles')).toMatch(
      /^import createThemeNoVars from "\/mui\/styles\/createThemeNoVars\.js";$/m,
    );
  });

  it('makes the default theme only when it is first read, and only once', () => {
    const made: Array<unknown[]> = [];
    const createTheme = standInCreateTheme(made);
    const fromStyles = createTheme();
    const fromBox = createTheme();
    expect(made).toHaveLength(0);
    expect(fromBox).toBe(fromStyles);

    expect((fromStyles.palette as { primary: { main: string } }).primary.main).toBe('#1976d2');
    expect(made).toEqual([[]]);
    expect('spacing' in fromBox).toBe(true);
    expect(Object.keys(fromBox)).toEqual(['palette', 'spacing', 'args']);
    expect({ ...fromBox }.spacing).toBe(8);
    expect(made).toHaveLength(1);
  });

  it('passes a theme with options straight through', () => {
    const made: Array<unknown[]> = [];
    const createTheme = standInCreateTheme(made);
    const options = { palette: { primary: { main: '#1d4ed8' } } };
    expect(createTheme(options, { extra: 1 }).args).toEqual([options, { extra: 1 }]);
    expect(made).toHaveLength(1);
  });

  it('refuses colour schemes and CSS variables', () => {
    const createTheme = standInCreateTheme([]);
    expect(() => createTheme({ cssVariables: true })).toThrow(/without MUI colour schemes/);
    expect(() => createTheme({ colorSchemes: {} })).toThrow(/without MUI colour schemes/);
  });
});
