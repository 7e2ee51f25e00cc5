import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { bus, hostControls } from '@agency/bus';
import { ApiRequestError, employeesApi, locationsApi, usersApi } from '@agency/api-client';
import type { Location } from '@agency/contracts';
import { EmployeesSection } from './EmployeesSection';
import { employeeChips } from './EmployeeCard';
import { restartAt } from '../../session';
import { mayLeave, UNSAVED_CHANGES_MESSAGE } from '../settings/unsaved';
import { demoSession, demoUser, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
jest.mock('../../session', () => ({ ...jest.requireActual('../../session'), restartAt: jest.fn() }));
const users = usersApi as jest.Mocked<typeof usersApi>;
const employees = employeesApi as jest.Mocked<typeof employeesApi>;
const locations = locationsApi as jest.Mocked<typeof locationsApi>;
const userEvent = userEventLib.setup({ delay: null });

const loc = (id: string, name: string) => ({ id, name, timezone: 'America/Chicago' }) as Location;
const AUSTIN = loc('00000000-0000-4000-a000-000000000001', 'Austin');
const ROUND_ROCK = loc('00000000-0000-4000-a000-000000000002', 'Round Rock');
const owner = demoUser();
const emma = demoUser({
  id: '00000000-0000-4000-9000-000000000003',
  role: 'employee',
  firstName: 'Emma',
  lastName: 'Ellis',
  email: 'employee@demo.test',
  extension: '103',
  npn: '7654321',
  mfaEnabled: true,
  mobileLoggedIn: true,
  locations: [AUSTIN.id],
  groups: ['Sales'],
});
const adam = demoUser({
  id: '00000000-0000-4000-9000-000000000002',
  role: 'admin',
  firstName: 'Adam',
  lastName: 'Atkins',
  email: 'admin@demo.test',
  extension: '102',
});

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}
const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/account/settings/employees/*" element={<EmployeesSection />} />
      </Routes>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

let toasts: string[];
let sub: { unsubscribe(): void };
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession({}, { mfaRequired: true }));
  users.list.mockResolvedValue([adam, emma, owner]);
  locations.list.mockResolvedValue([AUSTIN, ROUND_ROCK]);
  toasts = [];
  sub = bus.toast$.subscribe((t) => toasts.push(t.message));
});
afterEach(() => sub.unsubscribe());

describe('the cards', () => {
  test('show name, role, NPN, extension and the chips', async () => {
    at('/account/settings/employees');
    const card = await screen.findByRole('article', { name: 'Emma Ellis' });
    expect(card).toHaveTextContent('Employee');
    expect(card).toHaveTextContent('NPN: 7654321');
    expect(card).toHaveTextContent('Ext: 103');
    for (const chip of ['MFA Enabled', 'Mobile App', 'Austin', 'Sales']) expect(within(card).getByText(chip)).toBeInTheDocument();
    // The account requires MFA: Adam has none.
    expect(within(screen.getByRole('article', { name: 'Adam Atkins' })).getByText('MFA Not Setup')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Adam Atkins' })).toHaveTextContent('Admin');
  });

  test('chips: MFA only when set up or required, locations only with several', () => {
    const plain = demoUser({ mfaEnabled: false, locations: [AUSTIN.id], groups: [] });
    expect(employeeChips(plain, [AUSTIN, ROUND_ROCK], false)).toEqual([{ key: `location-${AUSTIN.id}`, label: 'Austin', color: 'purple' }]);
    expect(employeeChips(plain, [AUSTIN], false)).toEqual([]);
    expect(employeeChips(plain, [AUSTIN], true).map((c) => c.label)).toEqual(['MFA Not Setup']);
    expect(employeeChips({ ...plain, mfaEnabled: true }, [], false).map((c) => c.label)).toEqual(['MFA Enabled']);
  });

  test('a failed load says so with the catalogue prefix', async () => {
    users.list.mockRejectedValue(new ApiRequestError('Network Connection Issue', null));
    at('/account/settings/employees');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load users: Network Connection Issue');
  });

  test('Edit opens the form with the user; Add New Employee opens an empty one', async () => {
    at('/account/settings/employees');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Emma Ellis' }));
    expect(screen.getByTestId('where')).toHaveTextContent(`/account/settings/employees/${emma.id}`);
    expect(await screen.findByLabelText('First Name')).toHaveValue('Emma');
    expect(screen.getByLabelText('NPN')).toHaveValue('7654321');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(await screen.findByRole('button', { name: /Add New Employee/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/account/settings/employees/new');
    expect(await screen.findByLabelText('First Name')).toHaveValue('');
  });
});

describe('ghosting', () => {
  test('an owner acts as a colleague after confirming: the session becomes theirs and the app restarts on the dashboard', async () => {
    const ghosted = { ...demoSession({}, { mfaRequired: true }), user: emma, ghostedBy: owner };
    users.ghost.mockResolvedValue(ghosted);
    at('/account/settings/employees');
    await screen.findByRole('button', { name: 'Edit Emma Ellis' });
    expect(screen.queryByRole('button', { name: 'Act as Olivia Owens' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Act as Emma Ellis' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Act as' }));
    await waitFor(() => expect(bus.session$.value?.user.id).toBe(emma.id));
    expect(users.ghost).toHaveBeenCalledWith(emma.id);
    expect(bus.session$.value?.ghostedBy?.id).toBe(owner.id);
    expect(restartAt).toHaveBeenCalledWith('/');
  });

  test('an admin may not act as the owner, an employee as nobody; a refusal says so', async () => {
    hostControls().setSession(demoSession({ ...adam }, { mfaRequired: true }));
    at('/account/settings/employees');
    await screen.findByRole('button', { name: 'Edit Emma Ellis' });
    expect(screen.queryByRole('button', { name: 'Act as Olivia Owens' })).not.toBeInTheDocument();
    users.ghost.mockRejectedValue(new ApiRequestError('You do not have access to perform this action.', 403));
    await userEvent.click(screen.getByRole('button', { name: 'Act as Emma Ellis' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Act as' }));
    await waitFor(() => expect(toasts).toContain('You do not have access to perform this action.'));
    expect(bus.session$.value?.user.id).toBe(adam.id);
    expect(restartAt).not.toHaveBeenCalled();
  });
});

describe('the form', () => {
  test('validates before sending anything', async () => {
    at('/account/settings/employees/new');
    await screen.findByLabelText('First Name');
    await fill('Email', 'not-an-email');
    await fill('Extension', '12a');
    await fill('NPN', 'abc');
    await fill('Phone', '555');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    // each field's check settles on its own: a message may draw a render after another
    expect(await screen.findByText('Last name is required')).toBeInTheDocument();
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(await screen.findByText('Extension must be up to 6 digits')).toBeInTheDocument();
    expect(await screen.findByText('NPN must be up to 10 digits')).toBeInTheDocument();
    expect(await screen.findByText('Phone numbers need 10 or 11 digits')).toBeInTheDocument();
    expect(employees.create).not.toHaveBeenCalled();
  });

  test('creates with the spec payload and returns to the list', async () => {
    employees.create.mockResolvedValue(demoUser({ id: '00000000-0000-4000-9000-0000000000aa' }));
    at('/account/settings/employees/new');
    await screen.findByLabelText('First Name');
    await fill('First Name', 'Nina');
    await fill('Last Name', 'Novak');
    await fill('Email', 'nina@demo.test');
    await fill('Phone', '5125550199');
    expect(screen.getByLabelText('Phone')).toHaveValue('+5 (125) 550-199');
    await fill('Phone', '15125550199');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 (512) 555-0199');
    await fill('Extension', '201');
    await fill('NPN', '1234567');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    await waitFor(() =>
      expect(employees.create).toHaveBeenCalledWith(owner.account, {
        userFirstName: 'Nina',
        userLastName: 'Novak',
        userEmail: 'nina@demo.test',
        userPhone: '+1 (512) 555-0199',
        userExtension: '201',
        userAvatar: null,
        userGroups: [],
        userNPN: '1234567',
        userRole: 'employee',
        userAccountLocations: [],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/\/account\/settings\/employees$/));
    expect(toasts).toContain('Added Profile');
  });

  test('a refused create keeps the form and says why', async () => {
    employees.create.mockRejectedValue(new ApiRequestError('That extension is already used by another user of this account.', 409));
    at('/account/settings/employees/new');
    await screen.findByLabelText('First Name');
    await fill('First Name', 'Nina');
    await fill('Last Name', 'Novak');
    await fill('Email', 'nina@demo.test');
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to create user: That extension is already used by another user of this account.');
    expect(screen.getByLabelText('First Name')).toHaveValue('Nina');
  });

  test('edits through PUT /users/{id} with the spec fields', async () => {
    users.update.mockResolvedValue(emma);
    at(`/account/settings/employees/${emma.id}`);
    expect(await screen.findByLabelText('First Name')).toHaveValue('Emma');
    await fill('Last Name', 'Ellison');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(users.update).toHaveBeenCalledWith(emma.id, {
        firstName: 'Emma',
        lastName: 'Ellison',
        email: 'employee@demo.test',
        phone: null,
        extension: '103',
        npn: '7654321',
        role: 'employee',
        groups: ['Sales'],
        accountLocations: [AUSTIN.id],
      }),
    );
    expect(toasts).toContain('Updated Profile');
  });

  test('the role is locked for yourself, and an unknown id returns to the list', async () => {
    at(`/account/settings/employees/${owner.id}`);
    await screen.findByLabelText('First Name');
    expect(document.querySelector('.ant-select-disabled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  test('an unknown id returns to the list', async () => {
    at('/account/settings/employees/00000000-0000-4000-9000-0000000000ff');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/\/account\/settings\/employees$/));
  });

  test('an admin sees an owner read-only', async () => {
    hostControls().setSession(demoSession({ ...adam }));
    at(`/account/settings/employees/${owner.id}`);
    expect(await screen.findByText('Only a user of the same or a higher role can change Olivia Owens.')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  test('an admin resets the MFA of someone who has it, after confirming; never their own', async () => {
    users.resetMfa.mockResolvedValue({ message: 'MFA reset' });
    const asked: string[] = [];
    const confirm = bus.confirm$.subscribe((c) => {
      asked.push(c.title);
      c.resolve(true);
    });
    try {
      at(`/account/settings/employees/${emma.id}`);
      await userEvent.click(await screen.findByRole('button', { name: /Reset MFA/ }));
      expect(asked).toEqual(['Reset MFA for Emma Ellis?']);
      await waitFor(() => expect(users.resetMfa).toHaveBeenCalledWith(emma.id));
      expect(toasts).toContain('MFA reset: they set it up again at their next sign-in');
      expect(screen.queryByRole('button', { name: /Reset MFA/ })).not.toBeInTheDocument();
    } finally {
      confirm.unsubscribe();
    }
  });

  test('a refused MFA reset says why', async () => {
    users.resetMfa.mockRejectedValue(new ApiRequestError('You do not have access to perform this action.', 403));
    const confirm = bus.confirm$.subscribe((c) => c.resolve(true));
    try {
      at(`/account/settings/employees/${emma.id}`);
      await userEvent.click(await screen.findByRole('button', { name: /Reset MFA/ }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Unable to reset MFA: You do not have access to perform this action.');
    } finally {
      confirm.unsubscribe();
    }
  });

  test('someone without MFA offers no reset', async () => {
    at(`/account/settings/employees/${adam.id}`);
    await screen.findByLabelText('First Name');
    expect(screen.getByRole('button', { name: /Delete/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset MFA/ })).not.toBeInTheDocument();
  });

  test('leaving a changed form asks first', async () => {
    at(`/account/settings/employees/${emma.id}`);
    await screen.findByLabelText('Last Name');
    expect(await mayLeave()).toBe(true);
    await fill('Last Name', 'Ellison');
    const asked: string[] = [];
    const confirm = bus.confirm$.subscribe((c) => {
      asked.push(c.title);
      c.resolve(false);
    });
    try {
      expect(await mayLeave()).toBe(false);
      expect(asked).toEqual([UNSAVED_CHANGES_MESSAGE]);
    } finally {
      confirm.unsubscribe();
    }
  });

  test('delete asks first, then deletes', async () => {
    employees.remove.mockResolvedValue({ message: 'User deleted' });
    const answers = [false, true];
    const asked: string[] = [];
    const confirm = bus.confirm$.subscribe((c) => {
      asked.push(c.title);
      c.resolve(answers.shift()!);
    });
    at(`/account/settings/employees/${emma.id}`);
    await userEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(asked).toEqual(['Delete Emma Ellis?']);
    expect(employees.remove).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(employees.remove).toHaveBeenCalledWith(owner.account, emma.id));
    expect(toasts).toContain('Deleted Profile');
    confirm.unsubscribe();
  });

  test('a failed delete says so with the catalogue prefix', async () => {
    employees.remove.mockRejectedValue(new ApiRequestError('You do not have access to perform this action.', 403));
    const confirm = bus.confirm$.subscribe((c) => c.resolve(true));
    at(`/account/settings/employees/${emma.id}`);
    await userEvent.click(await screen.findByRole('button', { name: /Delete/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to delete user: You do not have access to perform this action.');
    confirm.unsubscribe();
  });
});
