import { act, fireEvent, screen } from '@testing-library/react';
import { bus, type DialRequest, hostControls } from '@agency/bus';
import { saveSession } from '../session/session';
import { demoPeer, demoSession } from '@agency/testing';
import { currentLocation, renderAt } from '../test/router';
import { peerStatus, sortPeers, STATUS_COLORS } from '@agency/ui';
import { SideNav } from './SideNav';
import { SideNavDrawer } from './SideNavDrawer';

let emit: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  emit = jest.spyOn(bus, 'emit').mockImplementation(() => undefined);
  saveSession(demoSession());
  hostControls().setPeers([]);
});
afterEach(() => emit.mockRestore());

const render = (collapsed = false) => renderAt('/', '/', <SideNav session={bus.session$.value!} collapsed={collapsed} />);

describe('SideNav', () => {
  it('lists peers with presence dots and named call buttons that publish a dial request', () => {
    render();
    const dials: DialRequest[] = [];
    const sub = bus.dial$.subscribe((d) => dials.push(d));
    act(() =>
      hostControls().setPeers([
        demoPeer(),
        demoPeer({ id: '00000000-0000-4000-9000-000000000004', firstName: 'Ethan', lastName: 'Evans', extension: '104', loggedIn: false }),
        demoPeer({ id: demoSession().user.id, firstName: 'Olivia', lastName: 'Owens' }), // me: not listed
      ]),
    );
    expect(screen.getByText('Emma Ellis')).toBeInTheDocument();
    expect(screen.queryAllByText('Olivia Owens')).toHaveLength(0);
    expect(screen.getByText('1 online')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Call Emma Ellis' }));
    expect(dials).toEqual([{ to: '103', name: 'Emma Ellis', peerId: demoPeer().id }]);
    expect(screen.getByRole('button', { name: 'Call Ethan Evans' })).toBeDisabled();
    expect(document.querySelector('[data-status="available"]')).toBeTruthy();
    sub.unsubscribe();
  });

  it('emits the chosen status', async () => {
    render();
    fireEvent.click(screen.getByRole('button', { name: /Change status/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent?.trim())).toEqual(['Available', 'Away', 'Lunch', 'Break', 'Coaching', 'Busy', 'Training']);
    fireEvent.click(screen.getByRole('menuitem', { name: /Lunch/ }));
    expect(emit).toHaveBeenCalledWith('users_phoneStatus', 'lunch');
    expect(bus.session$.value?.user.phoneStatus).toBe('lunch');
  });

  it('is 256 wide open and 64 collapsed', () => {
    const { container, unmount } = render(false);
    expect((container.querySelector('.ant-layout-sider') as HTMLElement).style.width).toBe('256px');
    unmount();
    const collapsed = render(true);
    expect((collapsed.container.querySelector('.ant-layout-sider') as HTMLElement).style.width).toBe('64px');
  });
});

describe('the drawer (phones and tablets)', () => {
  it('lists the pages with their badges, opens the chosen one and closes', async () => {
    const onClose = jest.fn();
    act(() => bus.setBadge('tasks', 4));
    renderAt('/contacts/contact/1', '/contacts/*', <SideNavDrawer session={bus.session$.value!} open onClose={onClose} />);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(drawer).toContainElement(pages);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['Dashboard', 'Tasks4', 'Team', 'Contacts', 'Messages', 'Phone']);
    expect(screen.getByRole('menuitem', { name: 'Contacts' })).toHaveClass('ant-menu-item-selected');
    // my status and the team are there too
    expect(screen.getByRole('button', { name: /Change status/ })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Team' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('menuitem', { name: /Tasks/ }));
    expect(currentLocation.pathname).toBe('/tasks');
    expect(onClose).toHaveBeenCalledTimes(1);
    act(() => bus.setBadge('tasks', 0));
  });

  it('leaves Messages out for an account without messaging', async () => {
    const session = bus.session$.value!;
    renderAt('/', '/', <SideNavDrawer session={{ ...session, account: { ...session.account, messagingEnabled: false } }} open onClose={() => undefined} />);
    await screen.findByRole('dialog', { name: 'Menu' });
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Dashboard', 'Tasks', 'Team', 'Contacts', 'Phone']);
    expect(screen.getByRole('menuitem', { name: 'Dashboard' })).toHaveClass('ant-menu-item-selected');
  });
});

describe('presence', () => {
  it('shows signed-out peers as offline and sorts reachable ones first', () => {
    const away = demoPeer({ id: 'a', firstName: 'Zed', phoneStatus: 'away' });
    const gone = demoPeer({ id: 'b', firstName: 'Amy', loggedIn: false });
    const free = demoPeer({ id: 'c', firstName: 'Bea' });
    expect(peerStatus(gone)).toBe('offline');
    expect(peerStatus(demoPeer({ loggedIn: false, mobileLoggedIn: true }))).toBe('available');
    expect(sortPeers([gone, away, free]).map((p) => p.id)).toEqual(['c', 'a', 'b']);
    expect(new Set(Object.values(STATUS_COLORS)).size).toBe(Object.keys(STATUS_COLORS).length);
  });
});
