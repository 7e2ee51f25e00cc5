import { render, screen } from '@testing-library/react';
import userEventLib from '@testing-library/user-event';
import { locationsApi } from '@agency/api-client';
import { LocationPicker } from './LocationPicker';

jest.mock('@agency/api-client', () => jest.requireActual('../../testing/apiClientMock'));
const userEvent = userEventLib.setup({ delay: null, pointerEventsCheck: 0 });
const list = locationsApi.list as jest.Mock;
const place = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `l${i}`, name: `Office ${i + 1}` }));

test('up to five locations are buttons; OK waits for a choice and hands it over', async () => {
  list.mockResolvedValue(place(2));
  const onPick = jest.fn();
  render(<LocationPicker accountId="a1" open onPick={onPick} onCancel={jest.fn()} />);
  const ok = screen.getByRole('button', { name: 'OK' });
  expect(ok).toBeDisabled();
  await userEvent.click(await screen.findByRole('button', { name: 'Office 2' }));
  expect(ok).toBeEnabled();
  await userEvent.click(ok);
  expect(onPick).toHaveBeenCalledWith({ id: 'l1', name: 'Office 2' });
});

test('more than five locations are a dropdown', async () => {
  list.mockResolvedValue(place(6));
  render(<LocationPicker accountId="a1" open onPick={jest.fn()} onCancel={jest.fn()} />);
  expect(await screen.findByRole('combobox', { name: 'Location' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Office 1' })).not.toBeInTheDocument();
});
