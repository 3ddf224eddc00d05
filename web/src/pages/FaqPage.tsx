import Box from '@mui/material/Box';
import { Panel } from '../components/Panel';
import Typography from '@mui/material/Typography';
import { siteFaqs } from '../content';
import { Accordion } from '../components/Accordion';
import { createSvgIcon } from '../components/icons';
import { ButtonLink } from '../components/ActionButton';
import { AppLink } from '../components/links';
import { PageHead } from '../seo/PageHead';
import type { PageMeta } from '../seo/meta';

// Material Design icon path (Apache-2.0); only this page shows it.
const ArrowBackIcon = /* @__PURE__ */ createSvgIcon(
  <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />,
  'ArrowBack',
);

const PATH = '/faq';

const meta: PageMeta = {
  // Same title and description as this path's PUBLIC_ROUTES entry; the prerender fails if they drift.
  title: 'Frequently Asked Questions',
  description:
    'Answers to common questions about HandCheck: how the symptom checker works, what results mean, privacy, referrals and when to get urgent help.',
  path: PATH,
  breadcrumbs: [
    { name: 'Home', path: '/' },
    { name: 'FAQ', path: PATH },
  ],
  faqs: [...siteFaqs],
};

export default function FaqPage() {
  return (
    <Box sx={{ maxWidth: 860, mx: 'auto' }}>
      <PageHead meta={meta} />
      <AppLink to="/" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 3 }}>
        <ArrowBackIcon aria-hidden fontSize="small" />
        Back to Home
      </AppLink>
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        Frequently Asked Questions
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>
        Answers to the questions people ask most about HandCheck and the symptom checker.
      </Typography>
      <Panel component="nav" aria-labelledby="quick-links-heading" sx={{ p: 3, mb: 4 }}>
        <Typography id="quick-links-heading" component="h2" variant="h3" sx={{ mb: 1 }}>
          Quick links
        </Typography>
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, listStyle: 'none', m: 0, p: 0 }}
        >
          <li>
            <AppLink to="/">Symptom Checker</AppLink>
          </li>
          <li>
            <AppLink to="/hand-conditions">Hand Conditions</AppLink>
          </li>
          <li>
            <AppLink to="/about">About Us</AppLink>
          </li>
        </Box>
      </Panel>
      <Accordion
        mode="single"
        collapsible
        headingLevel="h2"
        items={siteFaqs.map((faq, index) => ({
          id: `faq-${index}`,
          header: faq.question,
          content: <Typography>{faq.answer}</Typography>,
        }))}
      />
      <Panel sx={{ p: 3, mt: 4, textAlign: 'center' }}>
        <Typography component="h2" variant="h2" sx={{ mb: 1 }}>
          Still have questions?
        </Typography>
        <Typography sx={{ mb: 2, color: 'text.secondary' }}>
          Try the symptom checker to see which conditions match your symptoms, or read more about
          HandCheck.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <ButtonLink to="/symptom-checker" variant="contained">
            Start Symptom Checker
          </ButtonLink>
          <ButtonLink to="/about" variant="outlined">
            About HandCheck
          </ButtonLink>
        </Box>
      </Panel>
    </Box>
  );
}
