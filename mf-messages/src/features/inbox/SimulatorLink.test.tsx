import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { hostControls } from '@agency/bus';
import { utilitiesApi } from '@agency/api-client';
import type { AppConfig, Session } from '@agency/contracts';
import { SimulatorLink } from './SimulatorLink';

jest.mock('@agency/api-client', () => ({ utilitiesApi: { config: jest.fn() } }));
const config = utilitiesApi.config as jest.Mock;

const show = async (role: string, simulators: boolean) => {
  hostControls().setSession({ user: { role } } as Session);
  config.mockResolvedValue({ simulators } as AppConfig);
  render(
    <MemoryRouter>
      <SimulatorLink to="/messages/simulator">Carrier simulator</SimulatorLink>
      <span>drawn</span>
    </MemoryRouter>,
  );
  await screen.findByText('drawn');
  // The answer of GET /config is in before looking.
  await act(async () => undefined);
};
afterEach(() => hostControls().setSession(null));

test('shows an owner the Carrier simulator link where the simulators open', async () => {
  await show('owner', true);
  expect(await screen.findByRole('link', { name: 'Carrier simulator' })).toHaveAttribute('href', '/messages/simulator');
});

test('never beside real work: not where the server keeps the simulators closed (production)', async () => {
  await show('owner', false);
  expect(config).toHaveBeenCalled();
  expect(screen.queryByRole('link', { name: 'Carrier simulator' })).toBeNull();
});

test('not to an employee', async () => {
  await show('employee', true);
  expect(screen.queryByRole('link', { name: 'Carrier simulator' })).toBeNull();
});
