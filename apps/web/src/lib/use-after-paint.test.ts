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
});
