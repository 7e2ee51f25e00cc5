import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiRequestError, clientsApi } from '@agency/api-client';
import { collectToasts, renderWith } from '../../test/render';
import { CreateContactPage, createFailure, createPayload } from './CreateContactPage';

jest.mock('@agency/api-client', () => {
  class ApiRequestError extends Error {
    constructor(
      message: string,
      public readonly status: number | null,
    ) {
      super(message);
    }
  }
  return {
    ApiRequestError,
    clientsApi: { create: jest.fn(), duplicates: jest.fn().mockResolvedValue([]) },
    errorMessage: (e: unknown, fallback = '') => (e instanceof Error ? e.message : fallback),
  };
});
const create = clientsApi.create as jest.Mock;
const duplicates = clientsApi.duplicates as jest.Mock;
/** Both tabs stay mounted, so each label appears twice: pick the field by its wire name. */
const field = (label: string, name: string) => screen.getAllByLabelText(label).find((el) => el.id === name)!;

describe('create contact', () => {
  it('drops empty fields and carries the room it came from', () => {
    expect(createPayload({ firstName: 'Ada', lastName: '', email: undefined, phone: null, coFirstName: 'Charles' }, null)).toEqual({
      firstName: 'Ada',
      coFirstName: 'Charles',
    });
    expect(createPayload({ mobilePhone: '+1 (512) 555-0142' }, 'room-1')).toEqual({ mobilePhone: '+1 (512) 555-0142', room: 'room-1' });
  });

  it('words failures as the catalogue does', () => {
    expect(createFailure(new ApiRequestError('Enter a valid email address', 400))).toBe('Unable to create contact: Enter a valid email address');
    expect(createFailure(new ApiRequestError('', 500))).toBe('Unable to create contact: unknown error');
    expect(createFailure(new ApiRequestError('Network Connection Issue', null))).toBe('Unable to create contact');
  });

  it('saves the applicant and co-applicant and says Client created', async () => {
    const user = userEvent.setup();
    const { toasts, stop } = collectToasts();
    create.mockResolvedValue({ id: 'new-id' });
    renderWith(<CreateContactPage />, { path: '/contacts/contact/new' });
    fireEvent.change(field('First Name', 'firstName'), { target: { value: 'Ada' } });
    fireEvent.change(field('Mobile Phone', 'mobilePhone'), { target: { value: '5125550142' } });
    await user.click(screen.getByRole('tab', { name: 'Co-Applicant' }));
    fireEvent.change(field('First Name', 'coFirstName'), { target: { value: 'Charles' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith({ firstName: 'Ada', mobilePhone: '+1 (512) 555-0142', coFirstName: 'Charles' }));
    await waitFor(() => expect(toasts).toContainEqual({ kind: 'success', message: 'Client created' }));
    stop();
  });

  it('warns when a client with the same mobile phone exists, with a link to it', async () => {
    duplicates.mockResolvedValue([{ id: 'dup-1', name: 'James Carter', matchedOn: 'mobilePhone', level: 'primary' }]);
    renderWith(<CreateContactPage />, { path: '/contacts/contact/new' });
    fireEvent.change(field('Mobile Phone', 'mobilePhone'), { target: { value: '5125550142' } });
    fireEvent.blur(field('Mobile Phone', 'mobilePhone'));
    expect(await screen.findByTestId('duplicate-warning')).toHaveTextContent('James Carter has the same mobile phone');
    expect(screen.getByRole('link', { name: 'James Carter' })).toHaveAttribute('href', '/contacts/contact/dup-1');
    expect(duplicates).toHaveBeenCalledWith({ mobilePhone: '15125550142', email: undefined });
  });
});
