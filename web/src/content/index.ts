/*
 * All written content of the public site as typed data: condition guides, categories, FAQs,
 * the About, Privacy and Terms pages, outside resources and the route table.
 */
export type {
  CategoryId,
  CategoryInfo,
  CategoryPath,
  ConditionInfo,
  Faq,
  PageSection,
  ResourceGroups,
  ResourceLink,
  TextPage,
} from './types';
export {
  CONTACT_EMAIL,
  ENGINE_NAMES_WITHOUT_GUIDE,
  PARENT_ADVICE,
  SITE,
  type EngineConditionName,
} from './site';
export {
  CHECKER_DESCRIPTION,
  CLINICAL_REVIEW,
  REVIEW_STATUS,
  parseClinicalReviewFile,
  reviewStatusOf,
  type ClinicalReviewFile,
  type ClinicalReviewRecord,
  type ReviewStatus,
} from './clinicalReview';
export {
  conditions,
  conditionsInCategory,
  findCondition,
  guideForEngineName,
  relatedConditions,
} from './conditions';
export { categories, findCategory } from './categories';
export { checkerFaqs, siteFaqs } from './faqs';
export { aboutPage } from './pages/about';
export { privacyPage } from './pages/privacy';
export { termsPage } from './pages/terms';
export { ALLOWED_LINK_HOSTS, isAllowedLink } from './links';
export { resourceCatalogue, resourcesFor, sanitiseResourceGroups } from './resources';
export { LANDING_TEASERS } from './teasers';
export { LEGACY_REDIRECTS, PUBLIC_ROUTES, normalisePath, type PublicRoute } from './routes';
