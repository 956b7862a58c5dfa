import { useEffect, useState } from 'react';

/** The current time, read again every `everyMs` while `running`: for a countdown that must move on its own. */
export function useClock(everyMs: number, running = true): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}
