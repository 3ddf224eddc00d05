import { termsPage } from '../content/pages/terms';
import { TextPage } from './TextPage';

export default function TermsPage() {
  return <TextPage path="/terms" crumb="Terms of Use" content={termsPage} />;
}
