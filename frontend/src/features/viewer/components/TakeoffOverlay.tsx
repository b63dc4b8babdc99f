import {
  centroid,
  polygonArea,
  polylineLength,
  ringsPath,
  type Point,
  type Size,
} from '@/features/viewer/lib/geometry';
import { formatQuantity, type TakeoffRow } from '@/features/viewer/lib/takeoff';
import type { ToolState } from '@/features/viewer/lib/tools';
import type { RoomBoundary } from '@/features/viewer/lib/boundaries';

type Props = {
  pageSize: Size;
  rows: readonly TakeoffRow[];
  boundaries?: readonly RoomBoundary[];
  selectedKey: string | null;
  tool: ToolState;
  /** Where the pointer (or the keyboard crosshair) is, in page units, while a tool is in use. */
  hover: Point | null;
  /** The points of the measurement being drawn, then the hover point. */
  inProgress: Point[];
  feetPerPoint: number | null;
  /** The view's zoom: marks and labels keep their size on screen. */
  unitScale: number;
};

/**
 * The takeoff over the page, in an SVG whose viewBox is the page in its units: room and area
 * outlines (holes cut out), lengths, symbol and count marks, the selected one's label, the
 * room boundaries the user drew, the tool's crosshair and the measurement being drawn. Each row is a group a click can select.
 */
export function TakeoffOverlay({
  pageSize,
  rows,
  boundaries = [],
  selectedKey,
  tool,
  hover,
  inProgress,
  feetPerPoint,
  unitScale,
}: Props) {
  const mark = 14 / unitScale;
  return (
    <svg
      className="absolute inset-0 size-full overflow-visible"
      viewBox={`0 0 ${pageSize.width} ${pageSize.height}`}
      aria-hidden
    >
      {rows.map((row) => {
        const selected = row.key === selectedKey;
        const colour = row.group === 'item' ? '#059669' : '#2563eb';
        return (
          <g key={row.key} data-row-key={row.key} className="cursor-pointer">
            {row.outline && row.holes?.length ? (
              // Outline and holes in one path, filled evenodd: the holes are cut out of the fill.
              <path
                d={ringsPath([row.outline, ...row.holes])}
                fillRule="evenodd"
                fill={colour}
                fillOpacity={selected ? 0.3 : 0.06}
                stroke={colour}
                strokeWidth={selected ? 3 : 1.5}
                vectorEffect="non-scaling-stroke"
                data-selected={selected || undefined}
                data-holes={row.holes.length}
              />
            ) : row.outline ? (
              <polygon
                points={row.outline.map((p) => p.join(',')).join(' ')}
                fill={colour}
                fillOpacity={selected ? 0.3 : 0.06}
                stroke={colour}
                strokeWidth={selected ? 3 : 1.5}
                vectorEffect="non-scaling-stroke"
                data-selected={selected || undefined}
              />
            ) : null}
            {row.line ? (
              <polyline
                points={row.line.map((p) => p.join(',')).join(' ')}
                fill="none"
                stroke={colour}
                strokeWidth={selected ? 4 : 2}
                vectorEffect="non-scaling-stroke"
              />
            ) : null}
            {/* The lines a wall length was measured along, one path: a sheet's walls are thousands of lines. */}
            {row.lines && selected ? (
              <path
                d={row.lines.map(([a, b]) => `M${a[0]} ${a[1]}L${b[0]} ${b[1]}`).join('')}
                fill="none"
                stroke="#ea580c"
                strokeWidth={3}
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
                data-testid="measured-lines"
                data-lines={row.lines.length}
              />
            ) : null}
            {/* Symbols are circled when selected; a count item's clicks always show. */}
            {row.marks && (selected || row.group === 'item')
              ? row.marks.map(([x, y], i) => (
                  <circle
                    key={i}
                    cx={x}
                    cy={y}
                    r={mark}
                    fill={colour}
                    fillOpacity={selected ? 0.25 : 0.1}
                    stroke={colour}
                    strokeWidth={selected ? 3 : 2}
                    vectorEffect="non-scaling-stroke"
                  />
                ))
              : null}
            {selected && row.outline ? (
              <text
                x={centroid(row.outline)[0]}
                y={centroid(row.outline)[1]}
                fontSize={13 / unitScale}
                textAnchor="middle"
                fill="#1e3a8a"
                stroke="white"
                strokeWidth={3 / unitScale}
                paintOrder="stroke"
              >
                {row.label} · {formatQuantity(row.quantity)} {row.unit}
              </text>
            ) : null}
          </g>
        );
      })}
      {boundaries.map(({ from, to }, index) => (
        <line
          key={index}
          data-testid="room-boundary"
          x1={from[0]}
          y1={from[1]}
          x2={to[0]}
          y2={to[1]}
          stroke="#f97316"
          strokeWidth={2.5}
          strokeDasharray="8 4"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
          pointerEvents="none"
        />
      ))}
      {tool.tool !== 'select' && hover ? (
        <g pointerEvents="none" data-testid="sheet-crosshair" data-x={hover[0]} data-y={hover[1]}>
          {[
            [hover[0] - 18 / unitScale, hover[1], hover[0] + 18 / unitScale, hover[1]],
            [hover[0], hover[1] - 18 / unitScale, hover[0], hover[1] + 18 / unitScale],
          ].map(([x1, y1, x2, y2], i) => (
            <line
              key={i}
              x1={x1}
              y1={y1}
              x2={x2}
              y2={y2}
              stroke="#dc2626"
              strokeWidth={1.5}
              vectorEffect="non-scaling-stroke"
            />
          ))}
        </g>
      ) : null}
      {inProgress.length ? (
        <DrawingInProgress points={inProgress} tool={tool} feetPerPoint={feetPerPoint} unitScale={unitScale} />
      ) : null}
    </svg>
  );
}

/** The points clicked so far, joined to the cursor, with the running figure. */
function DrawingInProgress({
  points,
  tool,
  feetPerPoint,
  unitScale,
}: {
  points: Point[];
  tool: ToolState;
  feetPerPoint: number | null;
  unitScale: number;
}) {
  const colour = tool.tool === 'calibrate' ? '#d97706' : '#dc2626';
  const last = points[points.length - 1]!;
  let figure = '';
  if (feetPerPoint && tool.tool === 'length') figure = `${formatQuantity(polylineLength(points) * feetPerPoint)} LF`;
  if (feetPerPoint && tool.tool === 'area' && points.length >= 3)
    figure = `${formatQuantity(polygonArea(points) * feetPerPoint ** 2)} SF`;
  // A hole's figure is what it takes off the area.
  if (feetPerPoint && tool.tool === 'hole' && points.length >= 3)
    figure = `−${formatQuantity(polygonArea(points) * feetPerPoint ** 2)} SF`;
  if (tool.tool === 'count') figure = `${tool.points.length} EA`;
  return (
    <g pointerEvents="none" data-testid="drawing-in-progress">
      {tool.tool === 'count' ? null : tool.tool === 'area' || tool.tool === 'hole' ? (
        <polygon
          points={points.map((p) => p.join(',')).join(' ')}
          fill={colour}
          fillOpacity={0.12}
          stroke={colour}
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
      ) : (
        <polyline
          points={points.map((p) => p.join(',')).join(' ')}
          fill="none"
          stroke={colour}
          strokeWidth={2}
          strokeDasharray="6 4"
          vectorEffect="non-scaling-stroke"
        />
      )}
      {tool.points.map(([x, y], i) => (
        <circle
          key={i}
          cx={x}
          cy={y}
          r={4 / unitScale}
          fill="white"
          stroke={colour}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {figure ? (
        <text
          x={last[0] + 8 / unitScale}
          y={last[1] - 8 / unitScale}
          fontSize={13 / unitScale}
          fill={colour}
          stroke="white"
          strokeWidth={3 / unitScale}
          paintOrder="stroke"
        >
          {figure}
        </text>
      ) : null}
    </g>
  );
}
