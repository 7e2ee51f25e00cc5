import { render, screen, waitFor, within } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { hostControls } from '@agency/bus';
import { valuesApi, ApiRequestError } from '@agency/api-client';
import type { ValueGroup } from '@agency/contracts';
import { SmartValuesPage, keyLabel } from './SmartValuesPage';
import { captureFeedback, demoSession, fill } from '@agency/testing';

jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
const values = valuesApi as jest.Mocked<typeof valuesApi>;
const userEvent = userEventLib.setup({ delay: null });

const id = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const GROUPS: ValueGroup[] = [
  {
    key: 'AffliateVia',
    values: [
      { id: id(1), key: 'AffliateVia', value: 'Google', position: 0 },
      { id: id(2), key: 'AffliateVia', value: 'Referral', position: 1 },
      { id: id(3), key: 'AffliateVia', value: 'Walk In', position: 2 },
    ],
  },
];

/** The options as listed (an option's action buttons are list items of their own). */
const shown = (list: HTMLElement) => Array.from(list.querySelectorAll('.ant-list-item')).map((li) => li.textContent);

let feedback: ReturnType<typeof captureFeedback>;
beforeEach(() => {
  jest.resetAllMocks();
  hostControls().setSession(demoSession());
  values.list.mockResolvedValue(GROUPS);
  feedback = captureFeedback();
});
afterEach(() => feedback.stop());

/** Opens the page on the Affliate Via list. */
async function openReferrals() {
  render(<SmartValuesPage />);
  await waitFor(() => expect(values.list).toHaveBeenCalled());
  await userEvent.click(screen.getByLabelText('Value list'));
  await userEvent.click(await screen.findByTitle('Affliate Via'));
  return screen.findByRole('region', { name: 'Affliate Via options' });
}

test('names keys for people', () => {
  expect(keyLabel('PolicyType')).toBe('Policy Type');
  expect(keyLabel('entityType')).toBe('Entity Type');
});

test('shows the options of the chosen key in order', async () => {
  const list = await openReferrals();
  expect(shown(list)).toEqual(['Google', 'Referral', 'Walk In']);
});

test('a failed load says so', async () => {
  values.list.mockRejectedValue(new ApiRequestError('down', 500));
  render(<SmartValuesPage />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load values');
});

test('adds an option at the end; a duplicate is refused before asking the server', async () => {
  values.add.mockResolvedValue({ id: id(4), key: 'AffliateVia', value: 'Radio', position: 3 });
  const list = await openReferrals();
  await fill('New option', 'Radio');
  await userEvent.click(screen.getByRole('button', { name: /Add/ }));
  await waitFor(() => expect(values.add).toHaveBeenCalledWith('AffliateVia', 'Radio'));
  expect(await within(list).findByText('Radio')).toBeInTheDocument();
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Group Updated' });
  await fill('New option', 'google');
  await userEvent.click(screen.getByRole('button', { name: /Add/ }));
  expect(feedback.toasts).toContainEqual({ kind: 'error', message: 'Unable to update group: google is already an option' });
  expect(values.add).toHaveBeenCalledTimes(1);
});

test('moves an option down and renames one: the group is sent whole, in order, with the new name', async () => {
  values.replace.mockImplementation(async (key, body) => ({
    key,
    values: body.values.map((v, i) => ({ id: v.id ?? id(9), key, value: v.newValue ?? v.value, position: i })),
  }));
  const list = await openReferrals();
  await userEvent.click(screen.getByRole('button', { name: 'Move Google down' }));
  await waitFor(() =>
    expect(values.replace).toHaveBeenCalledWith('AffliateVia', {
      values: [
        { id: id(2), value: 'Referral' },
        { id: id(1), value: 'Google' },
        { id: id(3), value: 'Walk In' },
      ],
    }),
  );
  await waitFor(() => expect(shown(list)).toEqual(['Referral', 'Google', 'Walk In']));

  await userEvent.click(screen.getByRole('button', { name: 'Rename Walk In' }));
  await fill('New name for Walk In', 'Walk-in');
  await userEvent.click(screen.getByRole('button', { name: 'Save Walk In' }));
  await waitFor(() => expect(values.replace).toHaveBeenCalledTimes(2));
  expect(values.replace.mock.calls[1][1].values[2]).toEqual({ id: id(3), value: 'Walk In', newValue: 'Walk-in' });
  expect(await within(list).findByText('Walk-in')).toBeInTheDocument();
});

test('a refused rename is reported and the field keeps the text', async () => {
  values.replace.mockRejectedValue(new ApiRequestError('Values in a group must be different', 409));
  await openReferrals();
  await userEvent.click(screen.getByRole('button', { name: 'Rename Walk In' }));
  await fill('New name for Walk In', 'google');
  await userEvent.click(screen.getByRole('button', { name: 'Save Walk In' }));
  await waitFor(() => expect(feedback.toasts).toContainEqual({ kind: 'error', message: 'Unable to update group: Values in a group must be different' }));
  expect(screen.getByLabelText('New name for Walk In')).toHaveValue('google');
});

test('deletes an option after confirmation', async () => {
  values.remove.mockResolvedValue({ message: 'Value Deleted' });
  const list = await openReferrals();
  await userEvent.click(screen.getByRole('button', { name: 'Delete Referral' }));
  await waitFor(() => expect(values.remove).toHaveBeenCalledWith(id(2)));
  expect(feedback.confirms).toEqual(['Delete Referral?']);
  expect(feedback.toasts).toContainEqual({ kind: 'success', message: 'Value Deleted' });
  await waitFor(() => expect(within(list).queryByText('Referral')).not.toBeInTheDocument());
});

test('employees see the options without the controls', async () => {
  hostControls().setSession(demoSession({ role: 'employee' }));
  await openReferrals();
  expect(screen.queryByLabelText('New option')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete Referral' })).not.toBeInTheDocument();
});
