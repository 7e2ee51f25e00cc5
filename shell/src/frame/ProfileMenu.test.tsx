import { fireEvent, screen, waitFor } from '@testing-library/react';
import { usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import type { Session } from '@agency/contracts';
import { lock$, reloadLockState } from '../lock/lock';
import { saveSession } from '../session/session';
import { demoSession, demoUser } from '@agency/testing';
import { currentLocation, renderAt } from '../test/router';
import { ProfileMenu } from './ProfileMenu';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

let emit: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  reloadLockState();
  emit = jest.spyOn(bus, 'emit').mockImplementation(() => undefined);
});
afterEach(() => emit.mockRestore());

async function openMenu(session: Session) {
  saveSession(session);
  renderAt('/', '/', <ProfileMenu session={session} />);
  fireEvent.click(screen.getByRole('button', { name: /Profile menu/ }));
  await screen.findAllByRole('menuitem');
  return screen.getAllByRole('menuitem').map((i) => i.textContent?.trim());
}

describe('ProfileMenu', () => {
  it('offers Account to admin roles', async () => {
    expect(await openMenu(demoSession({ role: 'admin' }))).toEqual([
      'Campaigns',
      'Task Boards',
      'Settings',
      'Account',
      'Change Photo',
      'Change Password',
      'MFA',
      'Lock',
      'Logout',
    ]);
  });

  it('hides Account from employees', async () => {
    expect(await openMenu(demoSession({ role: 'employee' }))).not.toContain('Account');
  });

  it('links each item to its page', async () => {
    await openMenu(demoSession());
    fireEvent.click(screen.getByRole('menuitem', { name: /Task Boards/ }));
    expect(currentLocation.pathname).toBe('/admin/tasks');
  });

  it('locks the screen', async () => {
    await openMenu(demoSession());
    fireEvent.click(screen.getByRole('menuitem', { name: /Lock/ }));
    expect(lock$.value).not.toBeNull();
  });

  it('shows the ghosted user and stops ghosting', async () => {
    const admin = demoUser({ id: '00000000-0000-4000-9000-000000000002', firstName: 'Adam', lastName: 'Atkins', role: 'admin' });
    const ghosting = demoSession({ firstName: 'Emma', lastName: 'Ellis', role: 'employee' }, {}, { ghostedBy: admin });
    (usersApi.unghost as jest.Mock).mockResolvedValue(demoSession(admin, {}, { token: 'admin-token' }));
    const items = await openMenu(ghosting);
    expect(screen.getByRole('button', { name: 'Profile menu for Emma Ellis (Ghosting)' })).toHaveTextContent('Ghosting');
    expect(items).toContain('Stop ghosting');
    fireEvent.click(screen.getByRole('menuitem', { name: /Stop ghosting/ }));
    await waitFor(() => expect(bus.session$.value?.token).toBe('admin-token'));
    expect(usersApi.unghost).toHaveBeenCalled();
    expect(bus.session$.value?.ghostedBy).toBeNull();
  });
});
