import { TOAST_AUTO_CLOSE_MS } from '@agency/schema';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ToastContainer as ToastContainerType } from 'react-toastify';
import { isToastLibraryRequested, loadToastLibrary, subscribeToToastLibrary } from '../lib/notify';

/**
 * Where toasts show: mounted once the first toast is asked for, so screens that never toast never load it. A
 * fetch that fails leaves nothing mounted (no error screen); the next toast fetches it again.
 */
export function ToastHost() {
  const isRequested = useSyncExternalStore(subscribeToToastLibrary, isToastLibraryRequested, () => false);
  const [Container, setContainer] = useState<typeof ToastContainerType | null>(null);
  useEffect(() => {
    if (!isRequested || Container) return;
    let live = true;
    loadToastLibrary().then(
      (library) => live && setContainer(() => library.ToastContainer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isRequested, Container]);
  if (!Container) return null;
  return <Container position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} pauseOnHover />;
}
