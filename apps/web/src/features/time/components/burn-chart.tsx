import type { Burn } from '@agency/schema';
import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useLayoutEffect, useRef, useState } from 'react';
import { formatMoney, formatMoneyCompact, formatMonth } from '../../../lib/format';
import { dayMonthOf } from '../utils/day-label';
import { useTimeT } from '../i18n';

const HEIGHT = 220;
const MARGIN = { top: 12, right: 28, bottom: 28, left: 64 };
const SPEND = '#4254FB';
const INVOICED = '#0f9d58';
const BUDGET = '#d32f2f';

/** A period's label: the week's Monday ("23 Nov") or the month ("Nov 26"). */
function periodLabel(period: string, interval: Burn['interval']): string {
  if (interval === 'week') return dayMonthOf(period);
  return formatMonth(period.slice(0, 7));
}

/**
 * The burn chart: money spent so far (cost of time and expenses) and invoiced so far, period by period, against the
 * budget drawn as a line across. The figures are also in a table for screen readers.
 */
export function BurnChart({ burn }: { burn: Burn }) {
  const { t } = useTimeT();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(element.clientWidth);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const { points, currency, budget } = burn;
  const top = Math.max(1, budget ?? 0, ...points.map((p) => Math.max(p.cumulative_spend, p.cumulative_invoiced))) * 1.1;
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i: number) => MARGIN.left + (points.length <= 1 ? plotWidth / 2 : (i / (points.length - 1)) * plotWidth);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const line = (values: number[]) => values.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const ticks = [0, top / 2, top].map((value) => Math.round(value));
  const labelEvery = Math.max(1, Math.ceil((points.length * 56) / plotWidth));

  return (
    <Box data-testid="burn-chart" sx={{ position: 'relative' }}>
      <Box ref={box} sx={{ width: '100%', height: HEIGHT }} aria-hidden="true">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="presentation" style={{ display: 'block', fontSize: 12 }}>
            {ticks.map((tick) => (
              <g key={tick}>
                <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} stroke="#e2e8f0" />
                <text x={MARGIN.left - 6} y={y(tick)} textAnchor="end" dominantBaseline="middle" fill="#334155">
                  {formatMoneyCompact(tick, currency)}
                </text>
              </g>
            ))}
            {points.map((p, i) =>
              i % labelEvery === 0 ? (
                <text key={p.period} x={x(i)} y={HEIGHT - 8} textAnchor="middle" fill="#334155">
                  {periodLabel(p.period, burn.interval)}
                </text>
              ) : null,
            )}
            {budget !== null && (
              <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(budget)} y2={y(budget)} stroke={BUDGET} strokeDasharray="6 4" strokeWidth={2} />
            )}
            <path d={line(points.map((p) => p.cumulative_invoiced))} fill="none" stroke={INVOICED} strokeWidth={2.5} />
            <path d={line(points.map((p) => p.cumulative_spend))} fill="none" stroke={SPEND} strokeWidth={2.5} />
            {points.map((p, i) => (
              <circle key={p.period} cx={x(i)} cy={y(p.cumulative_spend)} r={3} fill={SPEND} />
            ))}
          </svg>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', fontSize: '0.8rem', color: 'text.secondary', mt: 0.5 }} aria-hidden="true">
        <Legend color={SPEND} label={t('burn.spent')} />
        <Legend color={INVOICED} label={t('burn.invoiced')} />
        {budget !== null && <Legend color={BUDGET} label={t('burn.budget')} dashed />}
      </Box>
      {/* A table keeps its content's width whatever its own: the box around it is what hides it. */}
      <Box sx={visuallyHidden}>
        <table>
          <caption>
            {t(burn.interval === 'week' ? 'burn.captionWeek' : 'burn.captionMonth', { currency })}
            {budget !== null ? t('burn.captionBudget', { budget: formatMoney(budget, currency) }) : ''}
          </caption>
          <thead>
            <tr>
              <th scope="col">{burn.interval === 'week' ? t('burn.weekOf') : t('burn.month')}</th>
              <th scope="col">{t('burn.spentColumn')}</th>
              <th scope="col">{t('burn.invoicedColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.period}>
                <th scope="row">{periodLabel(p.period, burn.interval)}</th>
                <td>{formatMoney(p.cumulative_spend, currency)}</td>
                <td>{formatMoney(p.cumulative_invoiced, currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}

function Legend({ color, label, dashed = false }: { color: string; label: string; dashed?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box component="span" sx={{ width: 18, height: 0, borderTop: `3px ${dashed ? 'dashed' : 'solid'} ${color}` }} />
      {label}
    </Box>
  );
}
