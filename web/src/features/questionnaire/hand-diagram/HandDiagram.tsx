import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import { DRAWING, HAND_REGIONS, VIEW_BOX, chosenRegionsLabel, type Pad } from './handRegions';

const SKIN = '#fbe3d0';
const OUTLINE = '#7c4a34';
const CREASE = '#b9836a';
const HOVER = '#dbeafe';
const CHOSEN_OUTLINE = '#1e3a8a';
/** The site's focus ring colour (theme primary.dark, as in GlobalBaseline). */
const FOCUS = '#1e40af';

/** White disc with a tick: a chosen region is marked by shape, not only by colour. */
function CheckMark({ at }: { at: readonly [number, number] }) {
  return (
    <g transform={`translate(${at[0].toFixed(1)} ${at[1].toFixed(1)})`} aria-hidden="true">
      <circle className="hc-tick-disc" r="8.5" />
      <path className="hc-tick" d="M-4.5 0.5 L-1.3 4 L4.8 -3.6" />
    </g>
  );
}

const PadRect = ({ pad }: { pad: Pad }) => (
  <rect
    className="hc-pad"
    x={(pad.cx - pad.w / 2).toFixed(1)}
    y={(pad.cy - pad.h / 2).toFixed(1)}
    width={pad.w}
    height={pad.h}
    transform={`rotate(${pad.angle} ${pad.cx.toFixed(1)} ${pad.cy.toFixed(1)})`}
  />
);

const line = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

const svgSx = {
  display: 'block',
  width: '100%',
  height: 'auto',
  touchAction: 'manipulation',
  '& .hc-skin': { fill: SKIN },
  '& .hc-outline': { ...line, stroke: OUTLINE, strokeWidth: 1.6 },
  '& .hc-crease': { ...line, stroke: CREASE, strokeWidth: 1.1 },
  '& .hc-edge': { ...line, stroke: OUTLINE, strokeWidth: 1, strokeDasharray: '3 3' },
  '& .hc-nail': { fill: '#fdf1e7', stroke: CREASE, strokeWidth: 1 },
  '& .hc-label': { fill: '#374151', fontSize: '11px', fontFamily: 'inherit', textAnchor: 'middle' },
  // Only a region's fill takes the pointer: its edge is shared with the next region.
  '& .hc-shape, & .hc-pad': { fill: 'transparent', pointerEvents: 'fill' },
  '& .hc-region': { cursor: 'pointer', outline: 'none' },
  '& .hc-region[aria-checked="false"]:hover .hc-shape': { fill: HOVER },
  // The hollow has no crease or edge of its own to show where it is: a dashed ring does.
  '& .hc-spot': { ...line, stroke: OUTLINE, strokeWidth: 1.2, strokeDasharray: '2.5 2' },
  '& .hc-chosen': { ...line, stroke: CHOSEN_OUTLINE, strokeWidth: 2.5 },
  '& .hc-focus': { ...line, stroke: FOCUS, strokeWidth: 3.5 },
  '& .hc-tick-disc': { fill: '#ffffff', stroke: CHOSEN_OUTLINE, strokeWidth: 2 },
  '& .hc-tick': { ...line, stroke: CHOSEN_OUTLINE, strokeWidth: 2.5 },
  '& .hc-hatch-bg': { fill: HOVER },
  '& .hc-hatch-line': { fill: '#3b82f6' },
  '& .hc-lines, & .hc-marks': { pointerEvents: 'none' },
  // Our own system colours, so the chosen pattern, outline and tick stay visible.
  '@media (forced-colors: active)': {
    forcedColorAdjust: 'none',
    '& .hc-skin, & .hc-nail, & .hc-hatch-bg, & .hc-tick-disc': { fill: 'Canvas' },
    '& .hc-outline, & .hc-crease, & .hc-edge, & .hc-spot, & .hc-nail, & .hc-chosen, & .hc-tick, & .hc-tick-disc':
      { stroke: 'CanvasText' },
    '& .hc-chosen': { strokeWidth: 3.5 },
    '& .hc-hatch-line': { fill: 'Highlight' },
    '& .hc-label': { fill: 'CanvasText' },
    '& .hc-focus': { stroke: 'Highlight', strokeDasharray: '5 3' },
    '& .hc-region[aria-checked="false"]:hover .hc-shape': { fill: 'Canvas' },
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
 * Our drawing of a right hand, wrist, forearm and elbow, palm up, and a small view of the back
 * of the hand for the hollow at the base of the thumb; one region per pain location.
 * Interactive: every region is a checkbox (Tab to it, Space or Enter toggles, its state is
 * announced) writing the same answer as the location checkboxes. Static (no `onToggle`): one
 * image whose name lists the chosen areas, for the printed summary.
 */
export function HandDiagram({ chosen, onToggle, labelledBy, maxWidth = 240 }: HandDiagramProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const [focused, setFocused] = useState<string | null>(null);
  const interactive = onToggle !== undefined;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>, location: string) => {
    if (event.key !== ' ' && event.key !== 'Enter') return;
    event.preventDefault();
    onToggle?.(location);
  };
  // Drawn above every region (a region's own edge would be half covered by its neighbour),
  // and only for keyboard focus, as :focus-visible would.
  const onFocus = (event: FocusEvent<SVGGElement>, location: string) =>
    setFocused(event.currentTarget.matches(':focus-visible') ? location : null);
  const fade = (name: string, from: number) => (
    <>
      <linearGradient id={`${id}-${name}g`} x1="0" y1="0" x2="0" y2="1">
        <stop offset={from} stopColor="#fff" />
        <stop offset="1" stopColor="#000" />
      </linearGradient>
      <mask id={`${id}-${name}`} maskContentUnits="objectBoundingBox">
        <rect width="1" height="1" fill={`url(#${id}-${name}g)`} />
      </mask>
    </>
  );
  const armMask = `url(#${id}-arm)`;
  const backMask = `url(#${id}-back)`;
  const { back } = DRAWING;

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
          id={`${id}-hatch`}
          width="7"
          height="7"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect className="hc-hatch-bg" width="7" height="7" />
          <rect className="hc-hatch-line" width="3" height="7" />
        </pattern>
        {fade('arm', DRAWING.fades.arm)}
        {fade('back', DRAWING.fades.back)}
      </defs>
      <path className="hc-skin" d={DRAWING.palmOutline} mask={armMask} />
      <path className="hc-skin" d={DRAWING.backOutline} mask={backMask} />
      {HAND_REGIONS.map(({ location, pieces }) => {
        const isChosen = chosen.includes(location);
        const body = pieces.map((piece, index) => (
          <g key={index}>
            <path
              className="hc-shape"
              d={piece.d}
              data-digit={piece.digit}
              style={isChosen ? { fill: `url(#${id}-hatch)` } : undefined}
            />
            {interactive && piece.pad && <PadRect pad={piece.pad} />}
          </g>
        ));
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
            onFocus={(event) => onFocus(event, location)}
            onBlur={() => setFocused(null)}
          >
            {body}
          </g>
        );
      })}
      <g className="hc-lines" aria-hidden="true">
        <path className="hc-outline" d={DRAWING.palmOutline} mask={armMask} />
        <path className="hc-outline" d={DRAWING.backOutline} mask={backMask} />
        {DRAWING.creases.map((d) => (
          <path key={d} className="hc-crease" d={d} />
        ))}
        {DRAWING.edges.map((d) => (
          <path key={d} className="hc-edge" d={d} />
        ))}
        {back.nails.map((d) => (
          <path key={d} className="hc-nail" d={d} />
        ))}
        {[...back.knuckles, back.tendon].map((d) => (
          <path key={d} className="hc-crease" d={d} />
        ))}
        <path className="hc-spot" d={back.hollow} />
        <text className="hc-label" x={back.label[0].toFixed(1)} y={back.label[1].toFixed(1)}>
          Back of hand
        </text>
      </g>
      {/* Marks last, so no region is drawn over another's outline or tick. */}
      <g className="hc-marks">
        {HAND_REGIONS.filter(
          ({ location }) => chosen.includes(location) || location === focused,
        ).flatMap(({ location, pieces }) =>
          pieces.map((piece, index) => (
            <path
              key={`${location}-${index}`}
              className={location === focused ? 'hc-focus' : 'hc-chosen'}
              d={piece.d}
            />
          )),
        )}
        {HAND_REGIONS.filter(({ location }) => chosen.includes(location)).map(
          ({ location, mark }) => (
            <CheckMark key={location} at={mark} />
          ),
        )}
      </g>
    </Box>
  );
}
