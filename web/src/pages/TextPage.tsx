import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { TextPage as TextPageContent } from '../content/types';
import { formatIsoDate } from '../components/dates';
import { SiteBreadcrumbs } from '../components/SiteBreadcrumbs';
import { PageHead } from '../seo/PageHead';
import { TEXT_SIZE } from '../theme/typeScale';

const EMAIL = /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/;

/** A paragraph with any email address in it made a mailto link. */
function withEmailLinks(paragraph: string): ReactNode {
  const parts = paragraph.split(EMAIL);
  if (parts.length === 1) return paragraph;
  // split() with a capturing group puts the addresses at the odd indexes.
  return parts.map((part, index) =>
    index % 2 === 1 ? (
      <MuiLink key={index} href={`mailto:${part}`}>
        {part}
      </MuiLink>
    ) : (
      part
    ),
  );
}

/** The first section giving an email address is where "Contact us" links (…#contact). */
function contactSection(sections: TextPageContent['sections']): string | undefined {
  return sections.find((section) => section.paragraphs.some((text) => EMAIL.test(text)))?.heading;
}

interface TextPageProps {
  path: string;
  /** The page's name in the breadcrumbs. */
  crumb: string;
  content: TextPageContent;
}

/**
 * About, Privacy and Terms: heading, date, intro and sections from the content catalogue.
 * Each page is a route module of its own (AboutPage, PrivacyPage, TermsPage), so it loads only
 * its own text.
 */
export function TextPage({ path, crumb, content }: TextPageProps) {
  const contact = contactSection(content.sections);
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: crumb, path },
  ];
  return (
    <Box component="article" sx={{ maxWidth: 820, mx: 'auto' }}>
      <PageHead
        meta={{
          title: content.title,
          description: content.metaDescription,
          path,
          breadcrumbs: crumbs,
        }}
      />
      <SiteBreadcrumbs crumbs={crumbs} />
      <Typography component="h1" variant="h1" sx={{ mb: 1 }}>
        {content.title}
      </Typography>
      {content.updated && (
        <Typography sx={{ color: 'text.secondary', mb: 3 }}>
          Last updated {formatIsoDate(content.updated)}
        </Typography>
      )}
      {content.intro && (
        <Typography sx={{ fontSize: TEXT_SIZE.lead, mb: 3 }}>{content.intro}</Typography>
      )}
      {content.sections.map((section) => (
        <Box
          component="section"
          key={section.heading}
          id={section.heading === contact ? 'contact' : undefined}
          sx={{ mb: 4, scrollMarginTop: 16 }}
        >
          <Typography component="h2" variant="h2" sx={{ mb: 1.5 }}>
            {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph) => (
            <Typography key={paragraph} sx={{ mb: 1.5 }}>
              {withEmailLinks(paragraph)}
            </Typography>
          ))}
          {section.bullets && (
            <Box component="ul" sx={{ pl: 3, '& li': { mb: 0.75 } }}>
              {section.bullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
