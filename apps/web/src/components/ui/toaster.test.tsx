import { TOAST_DURATION_MS } from '@skillroute/shared/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetToasts, toast } from '@/lib/use-toast';
import { Toaster } from './toaster';

beforeAll(() => {
  // jsdom has no pointer capture; Radix captures the pointer while a toast is swiped.
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});

afterEach(() => {
  act(() => resetToasts());
  vi.useRealTimers();
});

function show(title = 'Profile updated') {
  act(() => {
    toast({ title, description: 'Your changes are saved.' });
  });
}

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' });

describe('the toaster', () => {
  it('shows the toast with its title and description', () => {
    render(<Toaster />);
    show();
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    expect(screen.getByText('Your changes are saved.')).toBeInTheDocument();
  });

  it('moves focus to the notifications region on F8', () => {
    render(<Toaster />);
    show();
    // Radix matches the hotkey on KeyboardEvent.code, which user-event leaves empty for F-keys.
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region()).toHaveFocus();
  });

  it('moves focus to the region on F8 even with no toast on screen', () => {
    render(<Toaster />);
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    expect(region()).toHaveFocus();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    show();
    await user.keyboard('{Escape}');
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    show();
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('closes by itself after the default duration', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    show();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('pauses while the window is blurred and resumes when it gets focus back', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    show();
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.blur(window);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();

    fireEvent.focus(window);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1000 - 10));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes when the pointer leaves', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    show();
    fireEvent.pointerMove(region());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
    fireEvent.pointerLeave(region());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + 10));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('pauses while focus is inside it', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    show();
    act(() => screen.getByRole('button', { name: 'Close notification' }).focus());
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 2));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
  });

  function swipe(distance: number) {
    const item = screen.getByText('Profile updated').closest('li');
    if (!item) throw new Error('toast not found');
    fireEvent.pointerDown(item, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 105, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(item, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(item, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
  }

  it('closes when swiped right past 50 px', () => {
    render(<Toaster />);
    show();
    act(() => swipe(60));
    expect(screen.queryByText('Profile updated')).not.toBeInTheDocument();
  });

  it('stays when the swipe is shorter than 50 px', () => {
    render(<Toaster />);
    show();
    act(() => swipe(30));
    expect(screen.getByText('Profile updated')).toBeInTheDocument();
  });

  it('shows one toast at a time, the newest', () => {
    render(<Toaster />);
    show('First');
    show('Second');
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
  });
});
