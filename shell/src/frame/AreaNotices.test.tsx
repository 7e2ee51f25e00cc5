import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PhoneDrawerSlot } from './PhoneDrawerSlot';
import { BackgroundSlots } from './BackgroundSlots';
import { WidgetSlot } from '../dashboard/WidgetSlot';
import { DASHBOARD_SLOTS } from '../dashboard/slots';
import { loadRemoteModule, remoteExposes } from '../remotes/registry';
import { reloadPage } from '../remotes/reloadPage';

jest.mock('../remotes/registry', () => ({ loadRemoteModule: jest.fn(), remoteExposes: jest.fn() }));
jest.mock('../remotes/reloadPage', () => ({ reloadPage: jest.fn() }));

type Props = { domElement: HTMLElement };
const drawn = (text: string) => ({
  bootstrap: () => Promise.resolve(),
  mount: ({ domElement }: Props) => {
    domElement.innerHTML = `<p>${text}</p>`;
    return Promise.resolve();
  },
  unmount: ({ domElement }: Props) => {
    domElement.innerHTML = '';
    return Promise.resolve();
  },
});
const cannotLoad = (name: string) => Promise.reject(new Error(`The ${name} module could not be loaded.`));

beforeEach(() => {
  jest.clearAllMocks();
  document.getElementById('area-notices')?.remove();
});

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

test('a phone drawer that cannot load says so over the page, and Reload loads the page again', async () => {
  (remoteExposes as jest.Mock).mockResolvedValue(['app', 'drawer', 'widget-queues']);
  (loadRemoteModule as jest.Mock).mockImplementation((name: string) => cannotLoad(name));
  inRouter(<PhoneDrawerSlot />);
  const notice = await screen.findByRole('alert');
  expect(notice).toHaveTextContent('The phone could not load.');
  expect(notice).toBeVisible();
  fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(reloadPage).toHaveBeenCalledTimes(1);
});

test('a background module, out of sight, says so when it cannot load; when it loads, nothing shows', async () => {
  (remoteExposes as jest.Mock).mockResolvedValue(['app', 'background']);
  (loadRemoteModule as jest.Mock).mockImplementation((name: string) => (name === 'tasks' ? cannotLoad(name) : Promise.resolve(drawn('Warnings wired'))));
  const { unmount } = inRouter(<BackgroundSlots />);
  const notice = await screen.findByRole('alert');
  // the slot itself stays hidden; its notice is not, and only the one that failed says so
  expect(notice).toHaveTextContent('Task alerts could not load.');
  expect(notice).toBeVisible();
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
  unmount();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();

  (loadRemoteModule as jest.Mock).mockResolvedValue(drawn('Alerts wired'));
  const { container } = inRouter(<BackgroundSlots />);
  // every background module (the task alerts and the follow-up warnings) is drawn
  expect(await screen.findAllByText('Alerts wired', undefined, { timeout: 5000 })).toHaveLength(2);
  expect(container.querySelector('[data-remote="tasks"]')).toHaveAttribute('data-remote-state', 'mounted');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('an area whose release cannot be read says so too', async () => {
  (remoteExposes as jest.Mock).mockRejectedValue(new Error('The phone release could not be read.'));
  inRouter(<PhoneDrawerSlot />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The phone could not load.');
  expect(loadRemoteModule).not.toHaveBeenCalled();
});

test('a dashboard widget that cannot load shows its card in place, with Retry', async () => {
  (loadRemoteModule as jest.Mock).mockImplementationOnce((name: string) => cannotLoad(name)).mockResolvedValue(drawn('Two calls waiting'));
  const queues = DASHBOARD_SLOTS.find((s) => s.key === 'queues')!;
  inRouter(<WidgetSlot slot={queues} />);
  const widget = screen.getByRole('region', { name: 'Queues' });
  expect(await screen.findByText('The phone module could not be loaded.')).toBeVisible();
  expect(widget).toContainElement(screen.getByText('The phone module could not be loaded.'));
  fireEvent.click(screen.getByRole('button', { name: /retry/i }));
  expect(await screen.findByText('Two calls waiting')).toBeInTheDocument();
});
