// Stand-in for react-is where MUI's deepmerge imports it (see build/mui-stand-ins.ts): deepmerge only
// asks isValidElementType whether a value is a React component type, so as not to clone it.
// This is react-is 19's isValidElementType, the same checks over the same global symbols,
// without the CommonJS module's twenty other exports (about 0.6 KiB gzip on every page).
const OTHER_TYPES = new Set(
  ['fragment', 'profiler', 'strict_mode', 'suspense', 'suspense_list', 'view_transition'].map(
    (name) => Symbol.for(`react.${name}`),
  ),
);
const OBJECT_TYPES = new Set(
  ['lazy', 'memo', 'context', 'consumer', 'forward_ref', 'client.reference'].map((name) =>
    Symbol.for(`react.${name}`),
  ),
);

export function isValidElementType(type) {
  return (
    typeof type === 'string' ||
    typeof type === 'function' ||
    OTHER_TYPES.has(type) ||
    (typeof type === 'object' &&
      type !== null &&
      (OBJECT_TYPES.has(type.$$typeof) || type.getModuleId !== undefined))
  );
}
