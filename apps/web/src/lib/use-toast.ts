import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@skillroute/shared/constants';
import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';
import { requestToaster } from './toaster-demand';

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

export interface ToastState {
  toasts: ToasterToast[];
}

export type ToastAction =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  /** Closes one toast, or all without an id. */
  | { type: 'DISMISS_TOAST'; toastId?: string }
  /** Forgets one toast, or all without an id. */
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** Pure state transitions of spec §4: newest first, at most TOAST_LIMIT kept, update merges. */
export function toastReducer(state: ToastState, action: ToastAction): ToastState {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return { toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)) };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts: action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

// One store for the whole page, outside React, so any code (a base query callback, a socket handler)
// can raise a toast without a hook.
let state: ToastState = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function dispatch(action: ToastAction): void {
  state = toastReducer(state, action);
  for (const listener of listeners) listener();
}

/** A dismissed toast stays in state (closed) for TOAST_REMOVE_DELAY_MS, then it is removed. */
function scheduleRemoval(toastId: string): void {
  if (removalTimers.has(toastId)) return;
  removalTimers.set(
    toastId,
    setTimeout(() => {
      removalTimers.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(toastId?: string): void {
  const ids = toastId === undefined ? state.toasts.map((t) => t.id) : [toastId];
  ids.forEach(scheduleRemoval);
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

export type ToastInput = Omit<ToasterToast, 'id'>;

/** Shows a toast; returns handles to update or dismiss that one toast. */
export function toast(input: ToastInput) {
  // The root layout mounts the toaster on the first toast of a signed-out visit (app/root-layout.tsx).
  requestToaster();
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...input,
      id,
      open: true,
      onOpenChange: (open) => {
        input.onOpenChange?.(open);
        if (!open) dismissToast(id);
      },
    },
  });
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: Partial<ToastInput>) => dispatch({ type: 'UPDATE_TOAST', toast: { ...changes, id } }),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function getSnapshot(): ToastState {
  return state;
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...current, toast, dismiss: dismissToast };
}

/** Empties the store and cancels pending removals; for tests, which share the module between cases. */
export function resetToasts(): void {
  removalTimers.forEach(clearTimeout);
  removalTimers.clear();
  dispatch({ type: 'REMOVE_TOAST' });
}
