import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { setSocketFactory } from '@/lib/socket';
import { resetToasterDemand } from '@/lib/toaster-demand';
import { resetToasts } from '@/lib/use-toast';
import { takeDrifts } from './fake-server';
import { fakeSocketFactory } from './fake-socket';

// Browsers resolve a relative URL against the document; Node's Request (which jsdom tests use) does not.
// The app calls same-origin relative paths ('/api/...'), so tests give Request the document's base.
// Once per worker: the files of a worker share the global (vitest.config.ts).
const NodeRequest = globalThis.Request;
if (!('documentBase' in NodeRequest)) {
  class DocumentRequest extends NodeRequest {
    static readonly documentBase = true;
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  globalThis.Request = DocumentRequest as typeof Request;
}

// Pages are lazy routes: the first test to open one waits for its module to be transformed, which takes
// longer than the default second on a busy machine, and more than 3 s on a busy two-core one.
configure({ asyncUtilTimeout: 10_000 });

// The files of a worker share one window and one module graph (vitest.config.ts), so this file runs before
// each of them and puts back what a file may have left. Testing Library marks React's act environment once, on
// its first import, and unmarks it after that file.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
window.sessionStorage.clear();

afterEach(() => {
  cleanup();
  // A file that faked timers and did not give them back would stop every later file's frames and timeouts.
  vi.useRealTimers();
  resetToasts();
  resetToasterDemand();
  window.localStorage.clear();
  document.body.className = '';
  // A fixture that drifted from the api fails its test, even where the page took the refusal in its stride.
  const drifts = takeDrifts();
  if (drifts.length > 0) throw new Error(drifts.map((error) => error.message).join('\n\n'));
});

// Animation frames on the real timers, once per worker. jsdom runs its frames on one setInterval, started when
// the first frame is asked for and kept while any is pending: a test that faked the timers then (a toast's
// animation) left that interval in a fake clock the next test threw away, and no frame ever ran again in the
// shared window (the toasts, the deferred Google button and useAfterPaint all wait for one). A test that fakes
// requestAnimationFrame itself still gets the fake one while its fake timers last.
if (!('realTimerFrames' in globalThis)) {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const pending = new Map<number, ReturnType<typeof setTimeout>>();
  let lastId = 0;
  const requestFrame = (callback: FrameRequestCallback): number => {
    const id = ++lastId;
    pending.set(
      id,
      realSetTimeout(() => {
        pending.delete(id);
        callback(performance.now());
      }, 16),
    );
    return id;
  };
  const cancelFrame = (id: number) => {
    realClearTimeout(pending.get(id));
    pending.delete(id);
  };
  Object.assign(globalThis, {
    realTimerFrames: true,
    requestAnimationFrame: requestFrame,
    cancelAnimationFrame: cancelFrame,
  });
  Object.assign(window, { requestAnimationFrame: requestFrame, cancelAnimationFrame: cancelFrame });
}

// jsdom has no scrolling; react-router's ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// No test opens a real socket: signed-in pages mount live notifications, and each gets an inert fake
// unless the test installs its own factory (src/test/fake-socket.ts).
setSocketFactory(fakeSocketFactory().factory);

// jsdom lacks pointer capture and scrolling into view, which Radix Select calls as it opens and picks.
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};

// jsdom has no ResizeObserver, which a Radix Switch inside a form uses to size its hidden native checkbox.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
