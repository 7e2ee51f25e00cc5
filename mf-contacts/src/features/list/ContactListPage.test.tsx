import { fireEvent, screen, waitFor } from '@testing-library/react';
import { clientsApi } from '@agency/api-client';
import { renderWith } from '../../test/render';
import { ContactListPage } from './ContactListPage';

jest.mock('@agency/api-client', () => ({
  clientsApi: { list: jest.fn(), letters: jest.fn() },
  favoritesApi: { add: jest.fn(), remove: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : ''),
}));
const list = clientsApi.list as jest.Mock;
const letters = clientsApi.letters as jest.Mock;

describe('the contact list page', () => {
  it('asks for a search on the keystroke itself, and a letter chosen empties the box', async () => {
    letters.mockResolvedValue({ counts: { a: 1 }, total: 1 });
    list.mockResolvedValue({ items: [], total: 0, nextCursor: null });
    renderWith(<ContactListPage />);
    await waitFor(() => expect(letters).toHaveBeenCalled());
    const box = screen.getByLabelText('Search contacts');

    fireEvent.change(box, { target: { value: 'lov' } });
    // no debounce: the request is out before anything else happens
    expect(list).toHaveBeenLastCalledWith({ search: 'lov', limit: 50 }, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    expect(await screen.findByText('No contacts match "lov"')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Letter A' }));
    await waitFor(() => expect(screen.getByLabelText('Search contacts')).toHaveValue(''));
  });
});
