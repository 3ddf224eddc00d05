import { aboutPage } from '../content/pages/about';
import { TextPage } from './TextPage';

export default function AboutPage() {
  return <TextPage path="/about" crumb="About" content={aboutPage} />;
}
