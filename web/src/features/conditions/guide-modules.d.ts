// The guide modules made at build time by build/guide-pages.ts; see there and ./guideData.

declare module 'virtual:handcheck/guide-pages' {
  /** What each guide page module's id starts with; the guide's slug follows. */
  export const prefix: string;
  /** Each guide's page (a GuidePage) by slug: the module's import. */
  const modules: Record<string, () => Promise<{ default: unknown }>>;
  export default modules;
}

declare module 'virtual:handcheck/guide-lists' {
  /** What each guide list module's id starts with; the category id follows. */
  export const prefix: string;
  /** Each category's list of guides (GuideSummary[]) by category id: the module's import. */
  const modules: Record<string, () => Promise<{ default: unknown }>>;
  export default modules;
}
