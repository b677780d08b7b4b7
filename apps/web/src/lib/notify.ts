import type * as ToastLibraryModule from 'react-toastify';

// The toast library is fetched with the first toast, not with every screen: a screen that never toasts does not
// pay for it. Toasts asked for while it loads are shown once it has (the library queues them until its container
// mounts), in the order they were asked for.

type ToastLibrary = typeof ToastLibraryModule;
type NotifyOptions = Pick<ToastLibraryModule.ToastOptions, 'toastId'>;

let library: Promise<ToastLibrary> | null = null;
const listeners = new Set<() => void>();

/** The toast library, fetched on the first call; the toast container mounts once this has been asked for. */
export function loadToastLibrary(): Promise<ToastLibrary> {
  if (!library) {
    // A failed fetch (the connection dropped) is tried again with the next toast instead of never.
    library = import('react-toastify').catch((err: unknown) => {
      library = null;
      throw err;
    });
    for (const listener of listeners) listener();
  }
  return library;
}

/** Whether a toast has been asked for yet (so the container is needed). */
export function isToastLibraryRequested(): boolean {
  return library !== null;
}

export function subscribeToToastLibrary(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: 'success' | 'error' | 'info', message: string, options?: NotifyOptions): void {
  loadToastLibrary().then(
    ({ toast }) => toast[kind](message, options),
    (err: unknown) => console.warn('A notice could not be shown:', message, err),
  );
}

/** A toast at the bottom of the screen: `notify.success('Invoice sent')`. */
export const notify = {
  success: (message: string, options?: NotifyOptions) => show('success', message, options),
  error: (message: string, options?: NotifyOptions) => show('error', message, options),
  info: (message: string, options?: NotifyOptions) => show('info', message, options),
};
