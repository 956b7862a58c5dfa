import { describe, expect, it, vi } from 'vitest';
import { shareRequest } from './shared-request';

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('shareRequest', () => {
  it('lets a holder that comes right after the last one left take over the request instead of sending another', async () => {
    const send = vi.fn(
      (signal: AbortSignal) =>
        new Promise<string>((resolve) => setTimeout(() => resolve(signal.aborted ? 'aborted' : 'answer'), 5)),
    );
    const first = shareRequest('/a', send);
    first.release();
    const second = shareRequest('/a', send);
    await nextTask();
    expect(send).toHaveBeenCalledTimes(1);
    expect(await second.result).toBe('answer');
    second.release();
  });

  it('aborts a request nobody holds any more, and sends a new one after it ended', async () => {
    let seen: AbortSignal | undefined;
    const send = vi.fn(async (signal: AbortSignal) => {
      seen = signal;
      return 'answer';
    });
    shareRequest('/b', send).release();
    await nextTask();
    expect(seen?.aborted).toBe(true);
    const again = shareRequest('/b', send);
    expect(await again.result).toBe('answer');
    expect(send).toHaveBeenCalledTimes(2);
    again.release();
  });

  it('keeps requests for different keys apart', async () => {
    const send = vi.fn(async () => 'answer');
    const one = shareRequest('/c?search=a', send);
    const two = shareRequest('/c?search=b', send);
    expect(send).toHaveBeenCalledTimes(2);
    one.release();
    two.release();
    await nextTask();
  });
});
