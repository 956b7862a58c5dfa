import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListState } from './list-state';

const list = (props: { isLoading?: boolean; isError?: boolean; data?: string[] }) =>
  render(
    <ListState
      what="bookings"
      isLoading={props.isLoading ?? false}
      isError={props.isError ?? false}
      data={props.data}
      isEmpty={(rows) => rows.length === 0}
      empty="No bookings."
      rowClassName="h-20"
    >
      {(rows) => (
        <ul aria-label="Bookings">
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </ListState>,
  );

describe('ListState', () => {
  it('says it is loading, busy for assistive technology', () => {
    list({ isLoading: true });
    expect(screen.getByText('Loading bookings...').parentElement).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('reports an error, and counts missing data as one', () => {
    list({ isError: true, data: ['kept from before'] });
    expect(screen.getByRole('alert')).toHaveTextContent('Error loading bookings.');
    expect(screen.queryByText('kept from before')).not.toBeInTheDocument();
  });

  it('shows the empty message for an empty list, and the list otherwise', () => {
    const { unmount } = list({ data: [] });
    expect(screen.getByText('No bookings.')).toBeInTheDocument();
    unmount();
    list({ data: ['Asha with Ravi'] });
    expect(screen.getByRole('list', { name: 'Bookings' })).toHaveTextContent('Asha with Ravi');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
