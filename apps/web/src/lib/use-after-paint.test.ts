import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './use-after-paint';

describe('useAfterPaint', () => {
  it('turns true only after an animation frame once ready, and stays true', async () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    expect(result.current).toBe(false);
    expect(frame).not.toHaveBeenCalled();

    rerender({ ready: true });
    expect(result.current).toBe(false);
    expect(frame).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(result.current).toBe(true));

    rerender({ ready: false });
    expect(result.current).toBe(true);
  });

  it('still gets its frame after another test faked the timers while a frame was asked for', async () => {
    // What a toast's animation did under a test's fake timers: a frame asked for, then the fake clock dropped.
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    window.requestAnimationFrame(() => {});
    vi.useRealTimers();
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    rerender({ ready: true });
    await waitFor(() => expect(result.current).toBe(true), { timeout: 2000 });
  });
});
