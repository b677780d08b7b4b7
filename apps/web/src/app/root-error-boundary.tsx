import { lazy, Suspense } from 'react';
import { Loading } from '../components/plain/loading';

const RootErrorScreen = lazy(() => import('./layouts/root-error-screen').then((module) => ({ default: module.RootErrorScreen })));

/** Errors that escape every layout: the screen (with the UI kit) loads only when needed. */
export function RootErrorBoundary() {
  return (
    <Suspense fallback={<Loading />}>
      <RootErrorScreen />
    </Suspense>
  );
}
