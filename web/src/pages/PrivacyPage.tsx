import { privacyPage } from '../content/pages/privacy';
import { TextPage } from './TextPage';

export default function PrivacyPage() {
  return <TextPage path="/privacy" crumb="Privacy Policy" content={privacyPage} />;
}
