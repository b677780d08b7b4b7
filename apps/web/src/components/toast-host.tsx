import { TOAST_AUTO_CLOSE_MS } from '@agency/schema';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToastLibraryRequested, loadToastLibrary, subscribeToToastLibrary } from '../lib/notify';

const ToastContainer = lazy(async () => ({ default: (await loadToastLibrary()).ToastContainer }));

/** Where toasts show: mounted once the first toast is asked for, so screens that never toast never load it. */
export function ToastHost() {
  const isRequested = useSyncExternalStore(subscribeToToastLibrary, isToastLibraryRequested, () => false);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover />
    </Suspense>
  );
}
