export type CategoryId = 'hand' | 'wrist' | 'elbow';

export interface Faq {
  question: string;
  answer: string;
}

export interface ConditionInfo {
  slug: string;
  name: string;
  /** Page title without the brand suffix. */
  metaTitle: string;
  metaDescription: string;
  category: CategoryId;
  /** Two to four plain-English sentences shown under the title. */
  summary: string;
  symptoms: string[];
  treatments: string[];
  faqs: Faq[];
  /** Red flags and reasons to see a doctor. */
  whenToSeekHelp: string[];
  /** Display names of the diagnosis engine's conditions that this guide explains. */
  engineNames: string[];
}

export type CategoryPath = '/hand-conditions' | '/wrist-conditions' | '/elbow-conditions';

export interface CategoryInfo {
  id: CategoryId;
  path: CategoryPath;
  title: string;
  description: string;
  metaDescription: string;
}

export interface PageSection {
  heading: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface TextPage {
  title: string;
  metaDescription: string;
  /** ISO date (YYYY-MM-DD) the page was last changed. */
  updated?: string;
  intro?: string;
  sections: PageSection[];
}

export interface ResourceLink {
  name: string;
  url: string;
}

export interface ResourceGroups {
  medical: ResourceLink[];
  specialist: ResourceLink[];
  videos: ResourceLink[];
  additional?: ResourceLink[];
}
