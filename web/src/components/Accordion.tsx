import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { accordionFocusTarget, toggleOpenPanels, type AccordionMode } from './accordionLogic';
import { ExpandMoreIcon } from './icons';
import { BOLD } from '../theme/typeScale';

const HeaderButton = styled('button')(({ theme }) => ({
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
  padding: theme.spacing(1.75, 2),
  border: 0,
  background: 'transparent',
  cursor: 'pointer',
  textAlign: 'left',
  font: 'inherit',
  fontWeight: BOLD,
  color: theme.palette.text.primary,
  '&:hover': { backgroundColor: theme.palette.action.hover },
}));

export interface AccordionItem {
  id: string;
  header: ReactNode;
  content: ReactNode;
}

interface AccordionProps {
  items: AccordionItem[];
  mode?: AccordionMode;
  collapsible?: boolean;
  headingLevel?: 'h2' | 'h3' | 'h4';
  defaultOpen?: string[];
}

/**
 * WAI-ARIA accordion: each header is a button inside a heading controlling a labelled
 * region. Panels stay in the DOM (hidden) so prerendered pages carry every answer, and
 * a browser without JavaScript shows them all (see the <noscript> style in index.html).
 */
export function Accordion({
  items,
  mode = 'single',
  collapsible = true,
  headingLevel = 'h3',
  defaultOpen = [],
}: AccordionProps) {
  const [open, setOpen] = useState<string[]>(defaultOpen);
  const baseId = useId();
  const headers = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const target = accordionFocusTarget(event.key, index, items.length);
    if (target === null) return;
    event.preventDefault();
    headers.current[target]?.focus();
  };

  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      {items.map((item, index) => {
        const expanded = open.includes(item.id);
        const headerId = `${baseId}-header-${index}`;
        const panelId = `${baseId}-panel-${index}`;
        return (
          <Box key={item.id} sx={{ borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}>
            <Typography component={headingLevel} variant="h3" sx={{ m: 0 }}>
              <HeaderButton
                type="button"
                id={headerId}
                ref={(element) => {
                  headers.current[index] = element;
                }}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() =>
                  setOpen((current) => toggleOpenPanels(current, item.id, mode, collapsible))
                }
                onKeyDown={(event) => onKeyDown(event, index)}
              >
                <span>{item.header}</span>
                <ExpandMoreIcon
                  aria-hidden
                  data-accordion-icon
                  sx={{
                    transition: 'transform 150ms',
                    transform: expanded ? 'rotate(180deg)' : 'none',
                    flexShrink: 0,
                  }}
                />
              </HeaderButton>
            </Typography>
            <Box
              id={panelId}
              role="region"
              aria-labelledby={headerId}
              // Without JavaScript index.html's <noscript> style shows every panel.
              data-accordion-panel
              hidden={!expanded}
              sx={{ px: 2, pb: 2, color: 'text.secondary' }}
            >
              {item.content}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
