import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode, type Ref } from 'react';

// The app's charts, drawn as SVG here: a bar chart (bars upright or lying), a doughnut with its legend and a gauge.
// They follow MUI X Charts' defaults (its first palette colour, 12 px tick labels in the text colour, d3's "nice"
// ticks, bands with a fifth of their width between bars, a tooltip on hover) in a few KB, where MUI X Charts with its
// d3 parts weighed about 108 KB gzip, more than the rest of a dashboard. Each chart is drawn inside an element that
// names its data for screen readers (`role="img"` and a label, or a table beside it), so the drawing is hidden.

/** MUI X Charts' first series colour. */
const DEFAULT_COLOR = '#4254FB';
const TICK_SIZE = 6;
const TICK_LABEL_GAP = 3;
/** Room for the value axis' labels under lying bars, and for the categories under upright ones. */
const BOTTOM_AXIS_HEIGHT = 25;
const LEFT_AXIS_WIDTH = 45;
/** About how wide a 12 px character is, where text cannot be measured. */
const CHAR_WIDTH = 6.6;

type Margin = { top: number; right: number; bottom: number; left: number };
const DEFAULT_MARGIN: Margin = { top: 20, right: 20, bottom: 20, left: 20 };

/** The width of a box, followed as the box resizes, and the font it draws text in. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [font, setFont] = useState('');
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    setFont(getComputedStyle(box).font);
    const measure = () => setWidth(box.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return [ref, width, font] as const;
}

let canvas: CanvasRenderingContext2D | null | undefined;

/** How wide a text is in a font (a canvas measures it). */
function textWidth(text: string, font: string): number {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas || !font) return text.length * CHAR_WIDTH;
  canvas.font = font;
  return canvas.measureText(text).width;
}

/** d3's tick increment: 1, 2 or 5 times a power of ten, for about `count` ticks over `span`. */
function tickStep(span: number, count: number): number {
  const raw = span / Math.max(count, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const error = raw / power;
  return power * (error >= Math.sqrt(50) ? 10 : error >= Math.sqrt(10) ? 5 : error >= Math.sqrt(2) ? 2 : 1);
}

/**
 * A value axis from 0 (or the lowest value, when below 0) to the highest, widened to whole steps as d3's `nice`
 * does unless its end is given, with a tick about every 50 px (no closer than `minStep`).
 */
export function valueAxis(values: number[], length: number, { max, minStep }: { max?: number; minStep?: number } = {}) {
  let low = Math.min(0, ...values);
  let high = max ?? Math.max(0, ...values);
  if (low === high) high = low + 1;
  let count = Math.max(1, Math.floor(length / 50));
  if (minStep) count = Math.max(1, Math.min(count, Math.floor((high - low) / minStep)));
  let step = tickStep(high - low, count);
  if (max === undefined) {
    low = Math.floor(low / step) * step;
    high = Math.ceil(high / step) * step;
    step = tickStep(high - low, count);
  }
  const ticks: number[] = [];
  for (let i = Math.ceil(low / step); i * step <= high + step * 1e-9; i += 1) ticks.push(Number((i * step).toPrecision(12)));
  return { low, high, ticks };
}

/** A label cut to fit `room` px, with an ellipsis. */
function fit(label: string, room: number, font: string): string {
  if (textWidth(label, font) <= room) return label;
  let end = label.length - 1;
  while (end > 1 && textWidth(`${label.slice(0, end)}…`, font) > room) end -= 1;
  return `${label.slice(0, end).trimEnd()}…`;
}

type TooltipState = { x: number; y: number; title?: string; color: string; label: string; value: string } | null;

/** MUI X Charts' tooltip: the hovered category, then the series' colour, name and value. */
function Tooltip({ tip }: { tip: TooltipState }) {
  if (!tip) return null;
  return (
    <Box
      aria-hidden
      sx={{
        position: 'absolute',
        left: tip.x,
        top: tip.y,
        transform: 'translate(-50%, calc(-100% - 12px))',
        pointerEvents: 'none',
        zIndex: 1,
        bgcolor: 'background.paper',
        border: '1px solid',
        borderColor: 'divider',
        borderRadius: 1,
        boxShadow: 1,
        px: 1.5,
        py: 1,
        typography: 'body2',
        whiteSpace: 'nowrap',
      }}
    >
      {tip.title && <Box sx={{ color: 'text.secondary', mb: 0.5 }}>{tip.title}</Box>}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ width: 12, height: 12, borderRadius: 0.25, bgcolor: tip.color }} />
        <span>{tip.label}</span>
        <Box component="span" sx={{ ml: 2, fontWeight: 600 }}>
          {tip.value}
        </Box>
      </Box>
    </Box>
  );
}

type FrameProps = { height: number; width?: number; tip?: TooltipState; boxRef?: Ref<HTMLDivElement>; children: ReactNode };

/** The frame every chart is drawn in: its size, the UI font at 12 px in the text colour, and its tooltip. */
function Frame({ height, width, tip, boxRef, children }: FrameProps) {
  return (
    <Box ref={boxRef} sx={{ position: 'relative', width: width ?? '100%', height, typography: 'caption', fontSize: 12, color: 'text.primary' }}>
      {children}
      {tip !== undefined && <Tooltip tip={tip} />}
    </Box>
  );
}

type BarChartProps = {
  height: number;
  /** Bars lying along a value axis at the bottom, the categories down the left side; otherwise upright. */
  horizontal?: boolean;
  categories: string[];
  values: number[];
  /** The series' name, in the tooltip. */
  label: string;
  color?: string;
  /** The value axis' end (its start is 0); otherwise the highest value, rounded up to a tick. */
  max?: number;
  /** The smallest step between the value axis' ticks (1 for counts). */
  tickMinStep?: number;
  /** The value axis' tick labels. */
  tickFormat?: (value: number) => string;
  /** A value in the tooltip. */
  valueFormat?: (value: number) => string;
  /** The width of the left axis: the categories' when lying, the values' when upright. */
  axisWidth?: number;
  margin?: Partial<Margin>;
};

/** A bar per category, one series. */
export function BarChart({
  height,
  horizontal = false,
  categories,
  values,
  label,
  color = DEFAULT_COLOR,
  max,
  tickMinStep,
  tickFormat = String,
  valueFormat = String,
  axisWidth = LEFT_AXIS_WIDTH,
  margin,
}: BarChartProps) {
  const [ref, width, font] = useWidth();
  const [tip, setTip] = useState<TooltipState>(null);
  const m = { ...DEFAULT_MARGIN, ...margin };
  const left = m.left + axisWidth;
  const right = Math.max(left + 1, width - m.right);
  const top = m.top;
  const bottom = Math.max(top + 1, height - m.bottom - BOTTOM_AXIS_HEIGHT);
  const bandStart = horizontal ? top : left;
  const bandLength = horizontal ? bottom - top : right - left;
  const valueLength = horizontal ? right - left : bottom - top;
  const axis = valueAxis(values, valueLength, { max, minStep: tickMinStep });
  const step = bandLength / Math.max(categories.length, 1);
  // Along the value axis, from its start: left to right when lying, bottom to top when upright.
  const along = (value: number) => ((value - axis.low) / (axis.high - axis.low)) * valueLength;
  const valuePos = (value: number) => (horizontal ? left + along(value) : bottom - along(value));
  const zero = valuePos(0);
  // Upright bars' labels take turns when they would overlap.
  const longest = width ? Math.max(0, ...categories.map((c) => textWidth(c, font))) : 0;
  const every = horizontal ? 1 : Math.max(1, Math.ceil((longest + 4) / step));

  function hover(event: PointerEvent<SVGRectElement>) {
    const box = event.currentTarget.ownerSVGElement!.getBoundingClientRect();
    const x = event.clientX - box.left;
    const y = event.clientY - box.top;
    const index = Math.min(categories.length - 1, Math.max(0, Math.floor(((horizontal ? y : x) - bandStart) / step)));
    setTip({ x, y, title: categories[index], color, label, value: valueFormat(values[index] ?? 0) });
  }

  return (
    <Frame height={height} tip={tip} boxRef={ref}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" style={{ display: 'block' }}>
          {tip && (
            <rect
              {...(horizontal
                ? { x: left, width: right - left, y: bandStart + step * Math.floor((tip.y - bandStart) / step), height: step }
                : { y: top, height: bottom - top, x: bandStart + step * Math.floor((tip.x - bandStart) / step), width: step })}
              fill="currentColor"
              opacity={0.1}
            />
          )}
          {values.map((value, i) => {
            const start = bandStart + step * (i + 0.1);
            const size = Math.abs(valuePos(value) - zero);
            return horizontal ? (
              <rect key={i} x={Math.min(zero, valuePos(value))} y={start} width={size} height={step * 0.8} fill={color} />
            ) : (
              <rect key={i} x={start} y={Math.min(zero, valuePos(value))} width={step * 0.8} height={size} fill={color} />
            );
          })}
          <g stroke="currentColor" shapeRendering="crispEdges">
            <line x1={left} x2={horizontal ? left : right} y1={bottom} y2={horizontal ? top : bottom} />
            <line x1={left} x2={horizontal ? right : left} y1={bottom} y2={horizontal ? bottom : top} />
            {categories.map((_, i) =>
              horizontal ? (
                <line key={i} x1={left} x2={left - TICK_SIZE} y1={top + step * i} y2={top + step * i} />
              ) : (
                <line key={i} x1={left + step * i} x2={left + step * i} y1={bottom} y2={bottom + TICK_SIZE} />
              ),
            )}
            {horizontal ? (
              <line x1={left} x2={left - TICK_SIZE} y1={bottom} y2={bottom} />
            ) : (
              <line x1={right} x2={right} y1={bottom} y2={bottom + TICK_SIZE} />
            )}
            {axis.ticks.map((t) =>
              horizontal ? (
                <line key={t} x1={valuePos(t)} x2={valuePos(t)} y1={bottom} y2={bottom + TICK_SIZE} />
              ) : (
                <line key={t} x1={left} x2={left - TICK_SIZE} y1={valuePos(t)} y2={valuePos(t)} />
              ),
            )}
          </g>
          <g fill="currentColor">
            {categories.map((category, i) =>
              horizontal ? (
                <text key={i} x={left - TICK_SIZE - TICK_LABEL_GAP} y={top + step * (i + 0.5)} textAnchor="end" dominantBaseline="central">
                  {fit(category, axisWidth - TICK_SIZE - TICK_LABEL_GAP, font)}
                </text>
              ) : (
                i % every === 0 && (
                  <text key={i} x={left + step * (i + 0.5)} y={bottom + TICK_SIZE + TICK_LABEL_GAP} textAnchor="middle" dominantBaseline="hanging">
                    {category}
                  </text>
                )
              ),
            )}
            {axis.ticks.map((t) =>
              horizontal ? (
                <text key={t} x={valuePos(t)} y={bottom + TICK_SIZE + TICK_LABEL_GAP} textAnchor="middle" dominantBaseline="hanging">
                  {tickFormat(t)}
                </text>
              ) : (
                <text key={t} x={left - TICK_SIZE - TICK_LABEL_GAP} y={valuePos(t)} textAnchor="end" dominantBaseline="central">
                  {tickFormat(t)}
                </text>
              ),
            )}
          </g>
          <rect
            x={left}
            y={top}
            width={right - left}
            height={bottom - top}
            fill="transparent"
            onPointerMove={hover}
            onPointerLeave={() => setTip(null)}
          />
        </svg>
      )}
    </Frame>
  );
}

/** A point on a circle, the angle in radians clockwise from twelve o'clock. */
function polar(cx: number, cy: number, radius: number, angle: number) {
  return `${cx + radius * Math.sin(angle)} ${cy - radius * Math.cos(angle)}`;
}

/** A ring's sector from `start` to `end` (radians clockwise from twelve o'clock); a whole turn is the ring itself. */
export function sectorPath(cx: number, cy: number, inner: number, outer: number, start: number, end: number): string {
  if (end - start >= 2 * Math.PI - 1e-9) {
    const circle = (radius: number, sweep: number) =>
      `M ${polar(cx, cy, radius, start)} A ${radius} ${radius} 0 1 ${sweep} ${polar(cx, cy, radius, start + Math.PI)} ` +
      `A ${radius} ${radius} 0 1 ${sweep} ${polar(cx, cy, radius, start)} Z`;
    return inner > 0 ? `${circle(outer, 1)} ${circle(inner, 0)}` : circle(outer, 1);
  }
  const large = end - start > Math.PI ? 1 : 0;
  const outerArc = `M ${polar(cx, cy, outer, start)} A ${outer} ${outer} 0 ${large} 1 ${polar(cx, cy, outer, end)}`;
  const innerArc = inner > 0 ? `L ${polar(cx, cy, inner, end)} A ${inner} ${inner} 0 ${large} 0 ${polar(cx, cy, inner, start)}` : `L ${cx} ${cy}`;
  return `${outerArc} ${innerArc} Z`;
}

type Slice = { id: string; value: number; label: string; color: string };

/** A doughnut, slices clockwise from twelve o'clock, with its legend below. */
export function PieChart({ data, height, innerRadius = 0 }: { data: Slice[]; height: number; innerRadius?: number }) {
  const [ref, width] = useWidth();
  const [tip, setTip] = useState<TooltipState>(null);
  const total = data.reduce((sum, s) => sum + s.value, 0);
  const outer = Math.max(0, Math.min(width, height) / 2 - 5);
  // Where each slice starts and ends, clockwise from twelve o'clock.
  const ends = data.map((_, i) => data.slice(0, i + 1).reduce((sum, s) => sum + s.value, 0) * (total ? (2 * Math.PI) / total : 0));
  return (
    <div>
      <Frame height={height} tip={tip} boxRef={ref}>
        {width > 0 && (
          <svg width={width} height={height} aria-hidden="true" style={{ display: 'block' }} onPointerLeave={() => setTip(null)}>
            {data.map((slice, i) => {
              const start = i ? ends[i - 1]! : 0;
              const angle = ends[i]!;
              return (
                <path
                  key={slice.id}
                  d={sectorPath(width / 2, height / 2, Math.min(innerRadius, outer), outer, start, angle)}
                  fill={slice.color}
                  stroke="#fff"
                  strokeWidth={1}
                  onPointerMove={(event) => {
                    const box = event.currentTarget.ownerSVGElement!.getBoundingClientRect();
                    setTip({
                      x: event.clientX - box.left,
                      y: event.clientY - box.top,
                      color: slice.color,
                      label: slice.label,
                      value: String(slice.value),
                    });
                  }}
                />
              );
            })}
          </svg>
        )}
      </Frame>
      <Box aria-hidden sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1.5, mt: 1.5, px: 1, typography: 'caption', fontSize: 12 }}>
        {data.map((slice) => (
          <Box key={slice.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: slice.color, flexShrink: 0 }} />
            {slice.label}
          </Box>
        ))}
      </Box>
    </div>
  );
}

/** A ring filled clockwise from twelve o'clock to `value` per cent, with a text in its middle. */
export function Gauge({ value, size, text, 'data-testid': testId }: { value: number; size: number; text: string; 'data-testid'?: string }) {
  const c = size / 2;
  // MUI X Charts' gauge keeps 10 px of margin around its ring.
  const r = c - 10;
  const fill = (Math.min(100, Math.max(0, value)) / 100) * 2 * Math.PI;
  return (
    <Frame height={size} width={size}>
      <svg width={size} height={size} aria-hidden="true" style={{ display: 'block' }} data-testid={testId}>
        <Box component="path" d={sectorPath(c, c, r * 0.8, r, 0, 2 * Math.PI)} sx={{ fill: (theme) => theme.palette.divider }} />
        {fill > 0 && <Box component="path" d={sectorPath(c, c, r * 0.8, r, 0, fill)} sx={{ fill: (theme) => theme.palette.primary.main }} />}
        <text x={c} y={c} textAnchor="middle" dominantBaseline="central" fill="currentColor" style={{ fontSize: 14 }}>
          {text}
        </text>
      </svg>
    </Frame>
  );
}
