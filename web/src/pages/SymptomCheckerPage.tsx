import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { checkerFaqs } from '../content/checkerFaqs';
import { CHECKER_DESCRIPTION, REVIEW_STATUS } from '../content/clinicalReview';
import { LANDING_TEASERS } from '../content/teasers';
import { BrowseLinks } from '../components/BrowseLinks';
import { CheckerFeatures } from '../components/CheckerFeatures';
import { CheckerHero } from '../components/CheckerHero';
import { Disclaimer } from '../components/Disclaimer';
import { AppLink } from '../components/links';
import { SiteBreadcrumbs } from '../components/SiteBreadcrumbs';
import { CheckerFlow } from '../features/questionnaire/CheckerFlow';
import { PageHead } from '../seo/PageHead';
import type { PageMeta } from '../seo/meta';

const PATH = '/symptom-checker';
const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'Symptom Checker', path: PATH },
];

const meta: PageMeta = {
  // Same title and description as this path's PUBLIC_ROUTES entry; the prerender fails if they drift.
  title: 'Free Hand Symptom Assessment',
  description: CHECKER_DESCRIPTION,
  path: PATH,
  breadcrumbs: crumbs,
  faqs: [...checkerFaqs],
};

function SymptomCheckerLanding() {
  return (
    <>
      <SiteBreadcrumbs crumbs={crumbs} />
      <CheckerHero
        title="Hand, Wrist & Elbow Symptom Checker"
        lead="Understand what may be causing pain, numbness or stiffness in your hand, wrist or elbow, and what to do next."
        startLabel="Start Symptom Assessment"
        // The spec's short badge only while a recorded review covers the current text.
        badge={REVIEW_STATUS.reviewed ? 'Medically Reviewed' : REVIEW_STATUS.label}
      />
      <Box component="section" aria-labelledby="features-heading" sx={{ my: 5 }}>
        <Typography id="features-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          What the assessment gives you
        </Typography>
        <CheckerFeatures />
      </Box>
      <Box component="section" aria-labelledby="teasers-heading" sx={{ my: 5 }}>
        <Typography id="teasers-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          Common conditions we check for
        </Typography>
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
            gap: 1.5,
            listStyle: 'none',
            m: 0,
            p: 0,
          }}
        >
          {LANDING_TEASERS.map((teaser) => (
            <li key={teaser.path}>
              <AppLink to={teaser.path}>{teaser.label}</AppLink>
            </li>
          ))}
        </Box>
      </Box>
      <Disclaimer />
      <Box component="section" aria-labelledby="checker-faq-heading" sx={{ my: 5 }}>
        <Typography id="checker-faq-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          Common questions
        </Typography>
        {checkerFaqs.map((faq) => (
          <Box key={faq.question} sx={{ mb: 2 }}>
            <Typography component="h3" variant="h3">
              {faq.question}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{faq.answer}</Typography>
          </Box>
        ))}
      </Box>
      <BrowseLinks />
    </>
  );
}

export default function SymptomCheckerPage() {
  return (
    <>
      <PageHead meta={meta} />
      <CheckerFlow landing={<SymptomCheckerLanding />} />
    </>
  );
}
