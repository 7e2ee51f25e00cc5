import { act, screen } from '@testing-library/react';
import { hostControls } from '@agency/bus';
import type { Tag } from '@agency/contracts';
import { tagsApi } from '@agency/api-client';
import { emptyFull, renderWith } from '../../test/render';
import { LIVE_REFRESH_MS } from '../list/useClientRows';
import { AssignTagsDialog } from './AssignTagsDialog';

jest.mock('@agency/api-client', () => ({
  tagsApi: { list: jest.fn(), assign: jest.fn() },
  errorMessage: (e: unknown) => (e instanceof Error ? e.message : String(e)),
}));
const list = tagsApi.list as jest.Mock;

const tag = (id: string, name: string): Tag => ({
  id: `10000000-0000-4000-8000-00000000000${id}`,
  name,
  description: '',
  queryObj: null,
  type: 'tenant',
  format: 'simple',
  assigned: 0,
  isActive: true,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
});

beforeEach(() => list.mockReset());

describe('Assign Tags', () => {
  it('fetches the tags again when the server pushes refresh_tags or clients_update, once per burst', async () => {
    list.mockResolvedValue([tag('1', 'VIP')]);
    renderWith(<AssignTagsDialog open onClose={jest.fn()} />, { full: emptyFull() });
    expect(await screen.findByRole('checkbox', { name: 'VIP' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(1);

    list.mockResolvedValue([tag('1', 'VIP'), tag('2', 'Renewal 2027')]);
    act(() => {
      hostControls().receive({ event: 'refresh_tags', payload: { tagIds: ['10000000-0000-4000-8000-000000000002'] } });
      hostControls().receive({ event: 'clients_update', payload: { clientIds: null } });
    });
    expect(await screen.findByRole('checkbox', { name: 'Renewal 2027' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
    await act(() => new Promise((r) => setTimeout(r, LIVE_REFRESH_MS + 100)));
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('does not fetch while closed', async () => {
    renderWith(<AssignTagsDialog open={false} onClose={jest.fn()} />, { full: emptyFull() });
    act(() => hostControls().receive({ event: 'refresh_tags', payload: { tagIds: [] } }));
    await act(() => new Promise((r) => setTimeout(r, LIVE_REFRESH_MS + 100)));
    expect(list).not.toHaveBeenCalled();
  });
});
