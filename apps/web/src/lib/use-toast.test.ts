import { TOAST_REMOVE_DELAY_MS } from '@skillroute/shared/constants';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast, toastReducer, useToast, type ToasterToast } from './use-toast';

const make = (id: string, title = `toast ${id}`): ToasterToast => ({ id, title, open: true });

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

describe('toastReducer', () => {
  it('puts a new toast first and keeps only one', () => {
    let state = toastReducer({ toasts: [] }, { type: 'ADD_TOAST', toast: make('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: make('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('merges an update into the toast with that id', () => {
    const state = toastReducer(
      { toasts: [{ ...make('1'), description: 'before', variant: 'destructive' }] },
      {
        type: 'UPDATE_TOAST',
        toast: { id: '1', description: 'after' },
      },
    );
    expect(state.toasts[0]).toMatchObject({
      id: '1',
      title: 'toast 1',
      description: 'after',
      variant: 'destructive',
    });
  });

  it('dismisses one toast or all of them by closing them', () => {
    const two = { toasts: [make('1'), make('2')] };
    expect(toastReducer(two, { type: 'DISMISS_TOAST', toastId: '2' }).toasts.map((t) => t.open)).toEqual([
      true,
      false,
    ]);
    expect(toastReducer(two, { type: 'DISMISS_TOAST' }).toasts.map((t) => t.open)).toEqual([false, false]);
  });

  it('removes one toast or all of them', () => {
    const two = { toasts: [make('1'), make('2')] };
    expect(toastReducer(two, { type: 'REMOVE_TOAST', toastId: '1' }).toasts.map((t) => t.id)).toEqual(['2']);
    expect(toastReducer(two, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });
});

describe('toast() and useToast()', () => {
  it('shows the newest toast only', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    expect(result.current.toasts.map((t) => t.title)).toEqual(['Second']);
  });

  it('updates a toast through its handle', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      const shown = toast({ title: 'Saving' });
      shown.update({ title: 'Saved', description: 'Your profile is up to date.' });
    });
    expect(result.current.toasts[0]).toMatchObject({
      title: 'Saved',
      description: 'Your profile is up to date.',
      open: true,
    });
  });

  it('keeps a dismissed toast, closed, until the removal delay has passed', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'Gone soon' }).dismiss();
    });
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toEqual([]);
  });

  it('dismisses every toast when no id is given', () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: 'One' });
      result.current.dismiss();
    });
    expect(result.current.toasts.every((t) => t.open === false)).toBe(true);
  });
});
