import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { usersApi } from '@agency/api-client';
import { bus } from '@agency/bus';
import { saveSession } from '../session/session';
import { demoSession, demoUser } from '@agency/testing';
import { ColorPickerDialog, hexColorError } from './ColorPickerDialog';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

const update = usersApi.update as jest.Mock;

beforeEach(() => {
  localStorage.clear();
  jest.clearAllMocks();
  saveSession(demoSession());
  bus.setTheme({ dark: false, color: '#19d0de' });
});

describe('hex colour validation', () => {
  it.each(['#fff', 'fff', '#19d0de', '19D0DE'])('accepts %s', (v) => expect(hexColorError(v)).toBeNull());
  it.each(['#ffff', '#12345', 'zzz', '#19d0dg', ''])('rejects %s with the exact message', (v) =>
    expect(hexColorError(v)).toBe('input is not a valid hex color.'),
  );
});

describe('ColorPickerDialog', () => {
  const onClose = jest.fn();
  const field = () => screen.getByLabelText('Hex colour');

  it('shows the exact message for an invalid colour and does not save', async () => {
    render(<ColorPickerDialog open onClose={onClose} />);
    fireEvent.change(field(), { target: { value: '#12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('input is not a valid hex color.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves a valid colour on the user and the theme', async () => {
    update.mockResolvedValue(demoUser({ themeColor: '#abc' }));
    render(<ColorPickerDialog open onClose={onClose} />);
    fireEvent.change(field(), { target: { value: 'ABC' } });
    expect(screen.queryByText('input is not a valid hex color.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenCalledWith(demoUser().id, { themeColor: '#abc' });
    expect(bus.theme$.value.color).toBe('#abc');
    expect(bus.session$.value?.user.themeColor).toBe('#abc');
  });

  it('submits on Enter', async () => {
    update.mockResolvedValue(demoUser({ themeColor: '#112233' }));
    render(<ColorPickerDialog open onClose={onClose} />);
    fireEvent.change(field(), { target: { value: '#112233' } });
    fireEvent.submit(field().closest('form')!);
    await waitFor(() => expect(update).toHaveBeenCalledWith(demoUser().id, { themeColor: '#112233' }));
  });

  it('resets to the default colour', () => {
    bus.setTheme({ dark: false, color: '#ff0000' });
    render(<ColorPickerDialog open onClose={onClose} />);
    expect(field()).toHaveValue('#ff0000');
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field()).toHaveValue('#19d0de');
  });

  it('cancels without saving', () => {
    render(<ColorPickerDialog open onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(update).not.toHaveBeenCalled();
  });
});
