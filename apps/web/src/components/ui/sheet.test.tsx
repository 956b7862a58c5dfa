import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetToasts, toast } from '@/lib/use-toast';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';
import { Toaster } from './toaster';

afterEach(() => {
  act(() => resetToasts());
});

function SheetWithToast() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetContent>
          <SheetTitle>Topic</SheetTitle>
          <SheetDescription>A topic of this roadmap.</SheetDescription>
          <button type="button" onClick={() => toast({ title: 'content saved!' })}>
            Submit
          </button>
        </SheetContent>
      </Sheet>
      <Toaster />
    </>
  );
}

describe('the sheet', () => {
  it('closes on one Escape', async () => {
    const user = userEvent.setup();
    render(<SheetWithToast />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    act(() => resetToasts());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on one Escape even with a toast that opened after it (the toast is the newest layer)', async () => {
    const user = userEvent.setup();
    render(<SheetWithToast />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('content saved!')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
