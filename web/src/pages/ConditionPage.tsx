import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import guidePages, { prefix as guidePagePrefix } from 'virtual:handcheck/guide-pages';
import { Accordion } from '../components/Accordion';
import { Notice } from '../components/Notice';
import { SiteBreadcrumbs } from '../components/SiteBreadcrumbs';
import { NotFoundPage } from '../app/notFoundPage';
import type { GuidePage } from '../features/conditions/guideData';
import { guideDataLoader } from '../features/conditions/lazyGuideData';
import { ConditionSidebar } from '../features/conditions/ConditionSidebar';
import { RelatedConditions } from '../features/conditions/RelatedConditions';
import { REVIEW_STATUS } from '../content/clinicalReview';
import { PageHead } from '../seo/PageHead';
import type { PageMeta } from '../seo/meta';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

function BulletSection({ title, items }: { title: string; items: string[] }) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 0.75 } }}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </Box>
    </Box>
  );
}

/** Each guide's page: its own module, loaded with the page (see features/conditions/guideData). */
const guidePageData = guideDataLoader<GuidePage>(guidePagePrefix);

function ConditionGuide({ condition, category, related, resources }: GuidePage) {
  const path = `/conditions/${condition.slug}`;
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: category.title, path: category.path },
    { name: condition.name, path },
  ];
  const meta: PageMeta = {
    title: condition.metaTitle,
    description: condition.metaDescription,
    path,
    ogType: 'article',
    breadcrumbs: crumbs,
    faqs: condition.faqs,
    medical: {
      name: condition.name,
      ...(REVIEW_STATUS.reviewed
        ? { lastReviewed: REVIEW_STATUS.date }
        : { lastUpdated: REVIEW_STATUS.lastUpdated }),
      symptoms: condition.symptoms,
      treatments: condition.treatments,
    },
  };

  return (
    <>
      <PageHead meta={meta} />
      <SiteBreadcrumbs crumbs={crumbs} />
      <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
        <Box component="article" aria-labelledby="condition-title">
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              px: 1.5,
              py: 0.25,
              borderRadius: 999,
              bgcolor: '#eff6ff',
              color: 'primary.dark',
              fontWeight: BOLD,
              fontSize: TEXT_SIZE.small,
              border: 1,
              borderColor: 'primary.light',
            }}
          >
            {category.title}
          </Box>
          <Typography id="condition-title" component="h1" variant="h1" sx={{ mt: 1.5, mb: 2 }}>
            {condition.name}
          </Typography>
          <Typography sx={{ fontSize: TEXT_SIZE.lead, mb: 2 }}>
            {condition.metaDescription}
          </Typography>
          <Typography sx={{ mb: 3 }}>{condition.summary}</Typography>
          <Notice tone="info">
            <p>
              This guide is for education only. It cannot diagnose you: please see a doctor or hand
              specialist about your symptoms.
            </p>
          </Notice>
          <BulletSection title="Common Symptoms" items={condition.symptoms} />
          <BulletSection title="Treatment Options" items={condition.treatments} />
          {condition.whenToSeekHelp.length > 0 && (
            <BulletSection title="When to Seek Help" items={condition.whenToSeekHelp} />
          )}
          {condition.faqs.length > 0 && (
            <Box component="section" aria-labelledby="condition-faq-heading" sx={{ mb: 4 }}>
              <Typography id="condition-faq-heading" component="h2" variant="h2" sx={{ mb: 1.5 }}>
                Frequently Asked Questions
              </Typography>
              <Accordion
                mode="single"
                collapsible
                headingLevel="h3"
                items={condition.faqs.map((faq, index) => ({
                  id: `faq-${index}`,
                  header: faq.question,
                  content: <Typography>{faq.answer}</Typography>,
                }))}
              />
            </Box>
          )}
          <Typography sx={{ color: 'text.secondary' }}>{REVIEW_STATUS.dateLine}</Typography>
        </Box>
        <Box component="aside" aria-label="Next steps">
          <ConditionSidebar resources={resources} />
        </Box>
      </Box>
      <RelatedConditions related={related} category={category} />
    </>
  );
}

/** /conditions/:slug — the guide, or the 404 page for an unknown slug. */
export default function ConditionPage() {
  const { slug = '' } = useParams();
  if (!Object.hasOwn(guidePages, slug)) return <NotFoundPage />;
  const GuidePageData = guidePageData(slug, guidePages[slug]);
  return <GuidePageData>{(page) => <ConditionGuide {...page} />}</GuidePageData>;
}
