import type { Plugin } from 'vite';

/**
 * Marks top-level `const x = callee(...)` initialisers in matching files as pure, so Rollup
 * drops those whose value nothing uses. For calls that only build and return a new value
 * (freezing it, wrapping a component), which Rollup cannot tell from a call with effects.
 * Only declarations at the start of a line (top level) are touched, never calls inside
 * functions, where the same call may be a statement that must run.
 */
export function pureCalls(name: string, file: RegExp, callee: RegExp): Plugin {
  const declaration = new RegExp(
    String.raw`^((?:export )?(?:const|let|var) [\w$]+ = )(${callee.source}\()`,
    'gm',
  );
  return {
    name: `handcheck:pure-calls:${name}`,
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      const marked = code.replace(declaration, '$1/* @__PURE__ */ $2');
      return marked === code ? null : { code: marked, map: null };
    },
  };
}
