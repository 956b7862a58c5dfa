interface InFlight {
  result: Promise<unknown>;
  controller: AbortController;
  holders: number;
}

const inFlight = new Map<string, InFlight>();

/**
 * One request per key at a time, shared by whoever asks for it while it runs; released by all, it is
 * aborted a task later. React may unmount and mount an effect again at once (StrictMode does so on every
 * mount in development; a remount of the page does it anywhere): the second mount then takes over the
 * first one's request instead of aborting it and sending another.
 */
export function shareRequest<T>(
  key: string,
  send: (signal: AbortSignal) => Promise<T>,
): { result: Promise<T>; release: () => void } {
  let entry = inFlight.get(key);
  if (entry === undefined) {
    const controller = new AbortController();
    const created: InFlight = { result: send(controller.signal), controller, holders: 0 };
    const forget = () => {
      if (inFlight.get(key) === created) inFlight.delete(key);
    };
    created.result.then(forget, forget);
    inFlight.set(key, created);
    entry = created;
  }
  const held = entry;
  held.holders += 1;
  let released = false;
  return {
    result: held.result as Promise<T>,
    release: () => {
      if (released) return;
      released = true;
      held.holders -= 1;
      setTimeout(() => {
        if (held.holders > 0) return;
        held.controller.abort();
        if (inFlight.get(key) === held) inFlight.delete(key);
      }, 0);
    },
  };
}
