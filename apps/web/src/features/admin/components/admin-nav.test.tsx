import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { AdminNav } from './admin-nav';

describe('the admin navigation', () => {
  it('links every admin area and marks the current one (the dashboard only on its own page)', () => {
    renderRoutes([{ path: '/admin/*', element: <AdminNav /> }], '/admin/user-management');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/'],
      ['Roadmaps', '/admin/roadmap-management'],
      ['Assessments', '/admin/assessment-managment'],
      ['Users', '/admin/user-management'],
      ['Bookings', '/admin/bookings'],
      ['Payouts', '/admin/payouts'],
      ['Audit', '/admin/audit'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });
});
