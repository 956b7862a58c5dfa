import { describe, expect, it } from 'vitest';
import { historyKey } from './use-undo-keys';

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  ...mods,
});

describe('historyKey', () => {
  it('reads Ctrl or Cmd with Z as undo, with Shift as redo, and Ctrl+Y as redo', () => {
    expect(historyKey(key('z', { ctrlKey: true }))).toBe('undo');
    expect(historyKey(key('z', { metaKey: true }))).toBe('undo');
    expect(historyKey(key('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyKey(key('y', { ctrlKey: true }))).toBe('redo');
  });

  it('ignores the same letters without a modifier, and other keys', () => {
    expect(historyKey(key('z'))).toBeUndefined();
    expect(historyKey(key('y', { shiftKey: true }))).toBeUndefined();
    expect(historyKey(key('x', { ctrlKey: true }))).toBeUndefined();
  });
});
