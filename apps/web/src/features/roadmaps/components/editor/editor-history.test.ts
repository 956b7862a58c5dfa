import { describe, expect, it } from 'vitest';
import { createHistory, HISTORY_LIMIT, recordChange, redo, replacePresent, undo } from './editor-history';

describe('editor history', () => {
  it('undoes and redoes recorded changes in order', () => {
    let history = createHistory('a');
    history = recordChange(history, 'b');
    history = recordChange(history, 'c');
    history = undo(history);
    expect(history.present).toBe('b');
    history = undo(history);
    expect(history.present).toBe('a');
    expect(undo(history)).toBe(history);
    history = redo(history);
    history = redo(history);
    expect(history.present).toBe('c');
    expect(redo(history)).toBe(history);
  });

  it('forgets the redo branch once something new is recorded', () => {
    let history = recordChange(recordChange(createHistory(1), 2), 3);
    history = recordChange(undo(history), 4);
    expect(history).toEqual({ past: [1, 2], present: 4, future: [] });
  });

  it('records a drag as one step from where it started', () => {
    let history = createHistory({ x: 0 });
    const origin = history.present;
    history = replacePresent(history, { x: 5 });
    history = replacePresent(history, { x: 9 });
    history = recordChange(history, { x: 10 }, origin);
    expect(history.past).toEqual([{ x: 0 }]);
    expect(undo(history).present).toEqual({ x: 0 });
  });

  it('does not record a change that changed nothing, and keeps at most the limit', () => {
    const start = createHistory('same');
    expect(recordChange(start, start.present).past).toEqual([]);
    let history = createHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 20; step += 1) history = recordChange(history, step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(20);
  });
});
