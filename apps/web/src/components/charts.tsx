import Box from '@mui/material/Box';
import { lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

/**
 * MUI X Charts weighs about 110 KB gzip with its d3 parts, more than the rest of a dashboard. A screen imports the
 * charts from here, so that they are fetched when the first chart is drawn (a panel with no data draws none), and
 * until then a box of the chart's size holds its place.
 */
function deferred<P extends { width?: number; height?: number }>(load: () => Promise<ComponentType<P>>) {
  const Chart = lazy(async () => ({ default: await load() }));
  return function DeferredChart(props: P) {
    return (
      <Suspense fallback={<Box sx={{ width: props.width, height: props.height }} />}>
        <Chart {...(props as ComponentProps<typeof Chart>)} />
      </Suspense>
    );
  };
}

export const BarChart = deferred(() => import('@mui/x-charts/BarChart').then((m) => m.BarChart));
export const PieChart = deferred(() => import('@mui/x-charts/PieChart').then((m) => m.PieChart));
export const Gauge = deferred(() => import('@mui/x-charts/Gauge').then((m) => m.Gauge));
