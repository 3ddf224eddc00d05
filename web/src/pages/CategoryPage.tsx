import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { findCategory } from '../content';
import type { CategoryId } from '../content/types';
import { SiteBreadcrumbs } from '../components/SiteBreadcrumbs';
import guideLists, { prefix as guideListPrefix } from 'virtual:handcheck/guide-lists';
import type { GuideSummary } from '../features/conditions/guideData';
import { guideDataLoader } from '../features/conditions/lazyGuideData';
import { ConditionSummaryCard } from '../features/conditions/ConditionSummaryCard';
import { StartAssessmentPrompt } from '../features/conditions/StartAssessmentPrompt';
import { PageHead } from '../seo/PageHead';
import { TEXT_SIZE } from '../theme/typeScale';

/** Each category's list of guides: its own module, loaded with the page (see features/conditions/guideData). */
const guideListData = guideDataLoader<GuideSummary[]>(guideListPrefix);

/** /hand-conditions, /wrist-conditions, /elbow-conditions. */
export default function CategoryPage({ category: id }: { category: CategoryId }) {
  const category = findCategory(id);
  const GuideListData = guideListData(id, guideLists[id]);
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: category.title, path: category.path },
  ];
  return (
    <>
      <PageHead
        meta={{
          title: category.title,
          description: category.metaDescription,
          path: category.path,
          breadcrumbs: crumbs,
        }}
      />
      <SiteBreadcrumbs crumbs={crumbs} />
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        {category.title}
      </Typography>
      <Typography sx={{ fontSize: TEXT_SIZE.lead, color: 'text.secondary', mb: 4, maxWidth: 820 }}>
        {category.description}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <GuideListData>
          {(conditions) =>
            conditions.map((condition) => (
              <ConditionSummaryCard key={condition.slug} condition={condition} />
            ))
          }
        </GuideListData>
      </Box>
      <StartAssessmentPrompt
        title="Not sure which condition matches your symptoms?"
        text="Answer six short questions in about 3 minutes and see which conditions match your symptoms best."
        to="/symptom-checker"
        label="Start Free Assessment"
      />
    </>
  );
}
