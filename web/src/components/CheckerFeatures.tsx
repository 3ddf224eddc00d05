import Box from '@mui/material/Box';
import { FeatureCard, cardGrid } from './FeatureCard';
import { AnalyticsIcon, PeopleIcon, ScheduleIcon } from './checkerIcons';

/** The three feature blurbs shared by the home and symptom-checker landing views. */
export function CheckerFeatures() {
  return (
    <Box sx={cardGrid}>
      <FeatureCard icon={<AnalyticsIcon />} title="Comprehensive Analysis">
        Six short steps cover where it hurts, other symptoms, everyday function and history,
        compared with 18 common hand, wrist and elbow conditions.
      </FeatureCard>
      <FeatureCard icon={<ScheduleIcon />} title="Quick Assessment">
        Finish in under 3 minutes. Every question is optional, and your result is worked out in your
        browser.
      </FeatureCard>
      <FeatureCard icon={<PeopleIcon />} title="Expert Referrals">
        Send your results to a hand surgery specialist with a referral request, and read trusted
        resources for each condition first.
      </FeatureCard>
    </Box>
  );
}
