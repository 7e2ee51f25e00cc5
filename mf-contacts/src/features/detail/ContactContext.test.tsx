import { act, renderHook, waitFor } from '@testing-library/react';
import { clientsApi } from '@agency/api-client';
import { hostControls } from '@agency/bus';
import { emptyFull } from '../../test/render';
import { LIVE_REFRESH_MS } from '../list/useClientRows';
import { useClientFull } from './ContactContext';

jest.mock('@agency/api-client', () => ({ clientsApi: { full: jest.fn() } }));
const full = clientsApi.full as jest.Mock;

describe('the open contact', () => {
  it('loads again when another user changes it, and not for other clients', async () => {
    const before = emptyFull();
    const id = before.client.id;
    full.mockResolvedValueOnce(before);
    const { result } = renderHook(() => useClientFull(id));
    await waitFor(() => expect(result.current.full?.client.lastName).toBe('Lovelace'));

    act(() => hostControls().receive({ event: 'clients_update', payload: { clientIds: ['00000000-0000-4000-8000-0000000000ff'] } }));
    await new Promise((r) => setTimeout(r, LIVE_REFRESH_MS * 2));
    expect(full).toHaveBeenCalledTimes(1);

    full.mockResolvedValueOnce(emptyFull({ lastName: 'King' }));
    act(() => hostControls().receive({ event: 'clients_update', payload: { clientIds: [id] } }));
    await waitFor(() => expect(result.current.full?.client.lastName).toBe('King'), { timeout: LIVE_REFRESH_MS * 5 });
    expect(full).toHaveBeenCalledTimes(2);
  });
});
