import { useId, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import {
  HAND_REGIONS,
  VIEW_BOX,
  chosenRegionsLabel,
  shapeTransform,
  type Shape,
} from './handRegions';

const SKIN = '#fbe3d0';
const SKIN_HOVER = '#f6cdb0';
const OUTLINE = '#8a5a44';
const CHOSEN_OUTLINE = '#1e3a8a';

function ShapeElement({ shape, fill }: { shape: Shape; fill?: string }) {
  // Inline style, so the chosen pattern wins over the stylesheet's skin colour.
  const common = {
    className: 'hc-shape',
    style: fill ? { fill } : undefined,
    transform: shapeTransform(shape),
  };
  switch (shape.kind) {
    case 'rect':
      return (
        <rect {...common} x={shape.x} y={shape.y} width={shape.w} height={shape.h} rx={shape.r} />
      );
    case 'ellipse':
      return <ellipse {...common} cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} />;
    case 'polygon':
      return (
        <polygon {...common} points={shape.points.map((point) => point.join(',')).join(' ')} />
      );
  }
}

/** White disc with a tick: a chosen region is marked by shape, not only by colour. */
function CheckMark({ at }: { at: readonly [number, number] }) {
  return (
    <g transform={`translate(${at[0].toFixed(1)} ${at[1].toFixed(1)})`} aria-hidden="true">
      <circle r="10" fill="#ffffff" stroke={CHOSEN_OUTLINE} strokeWidth="2" />
      <path
        d="M-5 0.5 L-1.5 4.5 L5.5 -4"
        fill="none"
        stroke={CHOSEN_OUTLINE}
        strokeWidth="2.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </g>
  );
}

const svgSx = {
  display: 'block',
  width: '100%',
  height: 'auto',
  touchAction: 'manipulation',
  '& .hc-shape': { fill: SKIN, stroke: OUTLINE, strokeWidth: 1.5 },
  '& [data-chosen="true"] .hc-shape': { stroke: CHOSEN_OUTLINE, strokeWidth: 3.5 },
  '& .hc-region': { cursor: 'pointer', outline: 'none' },
  '& .hc-region[aria-checked="false"]:hover .hc-shape': { fill: SKIN_HOVER },
  '& .hc-region:focus-visible .hc-shape': {
    stroke: '#000000',
    strokeWidth: 4,
    strokeDasharray: '6 3',
  },
  '@media (forced-colors: active)': {
    '& .hc-shape': { stroke: 'CanvasText' },
    '& .hc-region:focus-visible .hc-shape': { stroke: 'Highlight' },
  },
} as const;

interface HandDiagramProps {
  /** Pain locations currently chosen (the same list the checkboxes show). */
  chosen: readonly string[];
  /** Toggles one location; absent for the static, printed diagram. */
  onToggle?: (location: string) => void;
  /** Id of the visible text naming the interactive diagram. */
  labelledBy?: string;
  maxWidth?: number | string;
}

/**
 * Our drawing of a hand and forearm up to the elbow, palm side, one region per pain location.
 * Interactive: every region is a checkbox (Tab to it, Space or Enter toggles, its state is
 * announced) writing the same answer as the location checkboxes. Static (no `onToggle`): one
 * image whose name lists the chosen areas, for the printed summary.
 */
export function HandDiagram({ chosen, onToggle, labelledBy, maxWidth = 240 }: HandDiagramProps) {
  const patternId = `hc-hatch-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const interactive = onToggle !== undefined;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, location: string) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    onToggle?.(location);
  };

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${VIEW_BOX.width} ${VIEW_BOX.height}`}
      xmlns="http://www.w3.org/2000/svg"
      role={interactive ? 'group' : 'img'}
      aria-labelledby={interactive ? labelledBy : undefined}
      aria-label={interactive ? undefined : chosenRegionsLabel(chosen)}
      data-testid={interactive ? 'hand-diagram' : 'hand-diagram-print'}
      sx={{ ...svgSx, maxWidth }}
    >
      <defs>
        <pattern
          id={patternId}
          width="8"
          height="8"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect width="8" height="8" fill="#dbeafe" />
          <rect width="3.5" height="8" fill="#3b82f6" />
        </pattern>
      </defs>
      {HAND_REGIONS.map(({ location, shapes }) => {
        const isChosen = chosen.includes(location);
        const fill = isChosen ? `url(#${patternId})` : undefined;
        const body = (
          <>
            {shapes.map((shape, index) => (
              <ShapeElement key={index} shape={shape} fill={fill} />
            ))}
          </>
        );
        if (!interactive)
          return (
            <g key={location} data-chosen={isChosen} data-location={location}>
              {body}
            </g>
          );
        return (
          <g
            key={location}
            className="hc-region"
            role="checkbox"
            aria-checked={isChosen}
            aria-label={location}
            tabIndex={0}
            data-chosen={isChosen}
            data-location={location}
            onClick={() => onToggle(location)}
            onKeyDown={(event) => onKeyDown(event, location)}
          >
            {body}
          </g>
        );
      })}
      {/* Marks last, so no region is drawn over another's tick. */}
      {HAND_REGIONS.filter(({ location }) => chosen.includes(location)).map(
        ({ location, mark }) => (
          <g key={`mark-${location}`} pointerEvents="none">
            <CheckMark at={mark} />
          </g>
        ),
      )}
    </Box>
  );
}
