import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { RemoteParcel } from './RemoteParcel';
import { loadRemoteModule } from './registry';
import { ShellMismatchError } from './shellFit';
import { createRemoteLifecycles } from '@agency/ui';

jest.mock('./registry', () => ({ loadRemoteModule: jest.fn() }));

type Props = { domElement: HTMLElement };
const working = {
  bootstrap: () => Promise.resolve(),
  mount: ({ domElement }: Props) => {
    domElement.innerHTML = '<p>Boards are here</p>';
    return Promise.resolve();
  },
  unmount: ({ domElement }: Props) => {
    domElement.innerHTML = '';
    return Promise.resolve();
  },
};
function Broken(): never {
  throw new Error('chat blew up');
}
const broken = createRemoteLifecycles('Team chat', Broken);

test('a remote that throws on mount shows its own error card and harms nothing else', async () => {
  (loadRemoteModule as jest.Mock).mockImplementation((name: string) => Promise.resolve(name === 'chat' ? broken : working));
  const { container } = render(
    <MemoryRouter>
      <RemoteParcel name="chat" />
      <RemoteParcel name="tasks" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('Boards are here')).toBeInTheDocument();
  expect(await screen.findByText('Team chat stopped working')).toBeInTheDocument();
  expect(screen.getByText('chat blew up')).toBeInTheDocument();
  expect(container.querySelector('[data-remote="tasks"]')).toHaveAttribute('data-remote-state', 'mounted');
  expect(screen.getByText('Boards are here')).toBeInTheDocument();
});

test('an area whose module cannot be read offers Retry, which loads it again', async () => {
  (loadRemoteModule as jest.Mock).mockRejectedValueOnce(new Error('The tasks module could not be loaded.')).mockResolvedValue(working);
  render(
    <MemoryRouter>
      <RemoteParcel name="tasks" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('The tasks module could not be loaded.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('Boards are here')).toBeInTheDocument();
  expect(loadRemoteModule).toHaveBeenLastCalledWith('tasks', 'app', true);
});

test('a release the shell cannot serve says in its area that it needs a newer shell, and what is missing', async () => {
  const problems = [{ key: '@ant-design/icons', needs: '^6.3.4', provided: null, shell: 'newer' as const }];
  (loadRemoteModule as jest.Mock).mockRejectedValue(new ShellMismatchError('contacts', problems));
  const { container } = render(
    <MemoryRouter>
      <RemoteParcel name="contacts" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('Contacts needs a newer shell')).toBeInTheDocument();
  expect(screen.getByText(/built for a newer version of the app than the one open/)).toBeInTheDocument();
  expect(screen.getByText('Missing: @ant-design/icons ^6.3.4 (the shell does not provide it).')).toBeInTheDocument();
  expect(screen.queryByText('Contacts could not be loaded')).not.toBeInTheDocument();
  expect(container.querySelector('[data-remote="contacts"]')).toHaveAttribute('data-shell-needed', 'newer');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
});

test('an area drawn on every page says in its notice that it needs an older shell', async () => {
  const problems = [{ key: null, needs: '2.8.0', provided: '2.9.2', shell: 'older' as const }];
  (loadRemoteModule as jest.Mock).mockRejectedValue(new ShellMismatchError('phone', problems));
  render(
    <MemoryRouter>
      <RemoteParcel name="phone" expose="drawer" notice="The phone" />
    </MemoryRouter>,
  );
  expect(await screen.findByText('The phone needs an older shell.')).toBeInTheDocument();
});
