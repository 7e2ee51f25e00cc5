import { act, screen } from '@testing-library/react';
import { bus } from '@agency/bus';
import { renderAt } from '../test/router';
import { TopNav } from './TopNav';

const setBadges = (b: Record<'tasks' | 'team' | 'messages' | 'phone', number>) => Object.entries(b).forEach(([k, n]) => bus.setBadge(k as keyof typeof b, n));
beforeEach(() => setBadges({ tasks: 0, team: 0, messages: 0, phone: 0 }));

describe('TopNav', () => {
  it('shows the six tabs', () => {
    renderAt('/', '/', <TopNav messagingEnabled />);
    for (const name of ['Dashboard', 'Tasks', 'Team', 'Contacts', 'Messages', 'Phone'])
      expect(screen.getByRole('tab', { name: new RegExp(`^${name}`) })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true');
  });

  it('hides Messages when messaging is disabled', () => {
    renderAt('/', '/', <TopNav messagingEnabled={false} />);
    expect(screen.queryByRole('tab', { name: /^Messages/ })).not.toBeInTheDocument();
  });

  it('caps badges at 99', () => {
    renderAt('/tasks', '/tasks', <TopNav messagingEnabled />);
    act(() => setBadges({ tasks: 150, team: 99, messages: 3, phone: 0 }));
    expect(screen.getByTestId('badge-tasks')).toHaveTextContent('99+');
    expect(screen.getByTestId('badge-team')).toHaveTextContent('99');
    expect(screen.getByTestId('badge-team')).not.toHaveTextContent('99+');
    expect(screen.getByTestId('badge-messages')).toHaveTextContent('3');
    expect(screen.queryByTestId('badge-phone')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: /^Tasks/ })).toHaveAttribute('aria-selected', 'true');
  });
});
