import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`, so "5 minutes ago" keeps telling the truth on an open page. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
