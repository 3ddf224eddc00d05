// The guide modules made at build time by build/guide-pages.ts; see there and ./guideData.

declare module 'virtual:handcheck/guide-pages' {
  /** Each guide's page (a GuidePage) by slug: the module's id and its import. */
  const modules: Record<string, { id: string; load: () => Promise<{ default: unknown }> }>;
  export default modules;
}

declare module 'virtual:handcheck/guide-lists' {
  /** Each category's list of guides (GuideSummary[]) by category id: the module's id and its import. */
  const modules: Record<string, { id: string; load: () => Promise<{ default: unknown }> }>;
  export default modules;
}
