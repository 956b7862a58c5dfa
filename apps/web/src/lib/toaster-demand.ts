import { useSyncExternalStore } from 'react';

// Apart from use-toast.ts, so the app shell can learn that a toast was raised without loading the toast store.
let requested = false;
const listeners = new Set<() => void>();

/** Asks the root layout to mount the toaster (lazily loaded): called by `toast()`, and on F8 before it is there. */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => requested;

/** True from the first `requestToaster()` of the page on. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Forgets the request; for tests, which share the module between cases. */
export function resetToasterDemand(): void {
  requested = false;
}
