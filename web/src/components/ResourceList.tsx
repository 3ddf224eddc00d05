import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { isAllowedLink } from '../content';
import { ExternalLink } from './ExternalLink';
import { BOLD, TEXT_SIZE } from '../theme/typeScale';

export interface ResourceGroup {
  heading: string;
  links: { name: string; url: string }[];
}

/** Groups of allow-listed outside links; groups left empty by the allow-list are not shown. */
export function ResourceList({
  groups,
  headingLevel = 'h3',
}: {
  groups: ResourceGroup[];
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const visible = groups
    .map((group) => ({ ...group, links: group.links.filter((link) => isAllowedLink(link.url)) }))
    .filter((group) => group.links.length > 0);
  if (visible.length === 0) {
    return (
      <Typography>
        We do not list outside resources for this condition. A GP or hand specialist can advise you.
      </Typography>
    );
  }
  return (
    <>
      {visible.map((group) => (
        <Box key={group.heading} sx={{ mb: 2 }}>
          <Typography
            component={headingLevel}
            sx={{ fontWeight: BOLD, fontSize: TEXT_SIZE.body, mb: 0.5 }}
          >
            {group.heading}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {group.links.map((link) => (
              <li key={link.url}>
                <ExternalLink href={link.url}>{link.name}</ExternalLink>
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </>
  );
}
