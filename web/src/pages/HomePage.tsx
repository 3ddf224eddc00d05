import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AreaCards } from '../components/AreaCards';
import { BrowseLinks } from '../components/BrowseLinks';
import { CheckerFeatures } from '../components/CheckerFeatures';
import { CheckerHero } from '../components/CheckerHero';
import { Disclaimer } from '../components/Disclaimer';
import { CheckerFlow } from '../features/questionnaire/CheckerFlow';
import { PageHead } from '../seo/PageHead';

const meta = {
  // Same title and description as this path's PUBLIC_ROUTES entry; the prerender fails if they drift.
  title: 'Hand, Wrist and Elbow Symptom Checker',
  description:
    'Free, anonymous hand, wrist and elbow symptom checker. Answer six short steps in about 3 minutes and see which common conditions match your symptoms.',
  path: '/',
  breadcrumbs: [{ name: 'Home', path: '/' }],
};

function HomeLanding() {
  return (
    <>
      <CheckerHero
        title="Hand, Wrist & Elbow Symptom Checker"
        lead="Answer a few questions about your symptoms and see which common conditions match them, with guidance on when and where to get help."
        startLabel="Start Free Assessment"
      />
      <Disclaimer />
      <Box component="section" aria-labelledby="areas-heading" sx={{ my: 5 }}>
        <Typography id="areas-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          Explore conditions by area
        </Typography>
        <AreaCards />
      </Box>
      <Box component="section" aria-labelledby="features-heading" sx={{ my: 5 }}>
        <Typography id="features-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
          Why use HandCheck?
        </Typography>
        <CheckerFeatures />
      </Box>
      <BrowseLinks />
    </>
  );
}

export default function HomePage() {
  return (
    <>
      <PageHead meta={meta} />
      <CheckerFlow landing={<HomeLanding />} />
    </>
  );
}
