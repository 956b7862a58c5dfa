import { startTransition, useEffect, useState } from 'react';

/**
 * Turns true once the browser has painted a frame after `ready` became true, in a transition. For work the
 * page can do without in its first picture (a second request, a heavy component): started from an effect, it
 * would start before that paint, since React runs the effects of a render caused by a store update before the
 * browser paints. A timeout set from an animation frame runs after that frame is painted; the frame after it, since
 * a busy main thread can reach that timeout before the paint is on screen (Lighthouse traces on a loaded machine showed
 * requests started this way a few milliseconds before the largest paint, which then counted them).
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => startTransition(() => setPainted(true)));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
