import { absoluteUrl, type Crumb, type Faq, type JsonLd, type PageMeta } from './meta';

const CONTEXT = 'https://schema.org';

export function breadcrumbList(crumbs: Crumb[], origin: string): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

export function faqPage(faqs: Faq[]): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'FAQPage',
    mainEntity: faqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

export function medicalWebPage(
  meta: PageMeta & { medical: NonNullable<PageMeta['medical']> },
  origin: string,
): JsonLd {
  const { medical } = meta;
  return {
    '@context': CONTEXT,
    '@type': 'MedicalWebPage',
    name: meta.title,
    description: meta.description,
    url: absoluteUrl(origin, meta.path),
    // schema.org's lastReviewed claims a review; without a current one, only the change date.
    ...(medical.lastReviewed ? { lastReviewed: medical.lastReviewed } : {}),
    ...(medical.lastUpdated ? { dateModified: medical.lastUpdated } : {}),
    audience: { '@type': 'MedicalAudience', audienceType: 'Patient' },
    about: {
      '@type': 'MedicalCondition',
      name: medical.name,
      signOrSymptom: medical.symptoms.map((symptom) => ({
        '@type': 'MedicalSignOrSymptom',
        name: symptom,
      })),
      possibleTreatment: medical.treatments.map((treatment) => ({
        '@type': 'MedicalTherapy',
        name: treatment,
      })),
    },
  };
}

/** All structured data of a page: BreadcrumbList always, FAQPage and MedicalWebPage when present. */
export function pageJsonLd(meta: PageMeta, origin: string): JsonLd[] {
  const blocks = [breadcrumbList(meta.breadcrumbs, origin)];
  if (meta.faqs && meta.faqs.length > 0) blocks.push(faqPage(meta.faqs));
  if (meta.medical) blocks.push(medicalWebPage({ ...meta, medical: meta.medical }, origin));
  return blocks;
}
