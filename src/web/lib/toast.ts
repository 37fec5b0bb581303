import type { ExternalToast } from 'sonner';

// Toasts answer what a user did, never the first paint: their code (sonner, about 9 KB gzipped)
// loads with the first toast, keeping it out of the first-load budget (docs/product.md section 12).

type Sonner = typeof import('sonner');

let sonner: Promise<Sonner> | undefined;
let toasterMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  toasterMounted = resolve;
});
const listeners = new Set<() => void>();

function loadSonner(): Promise<Sonner> {
  if (!sonner) {
    sonner = import('sonner');
    for (const listener of listeners) listener();
  }
  return sonner;
}

/** For useSyncExternalStore: whether a toast has asked for the toaster yet. */
export function subscribeToaster(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toasterRequested = (): boolean => sonner !== undefined;

/** Called by the mounted toaster; toasts raised before it wait for it. */
export const markToasterMounted = (): void => toasterMounted();

async function show(kind: 'success' | 'error', message: string, options?: ExternalToast) {
  const { toast } = await loadSonner();
  await mounted;
  toast[kind](message, options);
}

export const toast = {
  success: (message: string, options?: ExternalToast): void => void show('success', message, options),
  error: (message: string, options?: ExternalToast): void => void show('error', message, options),
};
