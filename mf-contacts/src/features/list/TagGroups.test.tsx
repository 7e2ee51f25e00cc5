import { act, screen, waitFor } from '@testing-library/react';
import { tagsApi } from '@agency/api-client';
import { hostControls } from '@agency/bus';
import type { Tag } from '@agency/contracts';
import { renderWith } from '../../test/render';
import { TagGroups } from './TagGroups';
import { LIVE_REFRESH_MS } from './useClientRows';

jest.mock('@agency/api-client', () => ({ tagsApi: { list: jest.fn() } }));
const list = tagsApi.list as jest.Mock;
const tag = (name: string, assigned: number) => ({ id: `00000000-0000-4000-8000-00000000000${assigned}`, name, assigned, format: 'simple' }) as unknown as Tag;

describe('group by tags', () => {
  it('shows the new counts after a push, once per burst, keeping the chips meanwhile', async () => {
    list.mockResolvedValueOnce([tag('Renewals', 2)]);
    renderWith(<TagGroups onChoose={() => undefined} />);
    expect(await screen.findByRole('button', { name: 'Renewals (2)' })).toBeInTheDocument();

    list.mockResolvedValueOnce([tag('Renewals', 3), tag('VIP', 1)]);
    act(() => {
      hostControls().receive({ event: 'clients_update', payload: { clientIds: ['c1'] } });
      hostControls().receive({ event: 'refresh_tags', payload: { tagIds: [] } });
    });
    expect(screen.getByRole('button', { name: 'Renewals (2)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Renewals (3)' })).toBeInTheDocument(), { timeout: LIVE_REFRESH_MS * 5 });
    expect(screen.getByRole('button', { name: 'VIP (1)' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});
