import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter } from 'react-router-dom';
import { NewReleaseNotice } from './NewReleaseNotice';
import { listInWords, newerThanRunning } from '../remotes/newerReleases';

jest.mock('../remotes/registry', () => ({ remotesReady: jest.fn() }));

beforeEach(() => document.getElementById('area-notices')?.remove());

const RUNNING = {
  shell: '2.10.0-aaaaaaaa',
  remotes: { contacts: '/remotes/contacts/1.0.0-11111111/mf-manifest.json', chat: '/remotes/chat/1.0.0-22222222/mf-manifest.json' },
};

test('what is active and not what the page runs, by the names staff know', () => {
  const same = { shell: '2.10.0-aaaaaaaa', remotes: { contacts: '1.0.0-11111111', chat: '1.0.0-22222222' } };
  expect(newerThanRunning(same, RUNNING)).toEqual([]);
  expect(newerThanRunning({ ...same, remotes: { ...same.remotes, contacts: '1.0.1-33333333' } }, RUNNING)).toEqual(['Contacts']);
  expect(newerThanRunning({ shell: '2.11.0-bbbbbbbb', remotes: { ...same.remotes, chat: '1.0.0-44444444' } }, RUNNING)).toEqual(['Agency Desk', 'Team chat']);
  // a remote released since the page loaded is new to it too
  expect(newerThanRunning({ ...same, remotes: { ...same.remotes, tasks: '1.0.0-55555555' } }, RUNNING)).toEqual(['Task boards']);
  // a shell from its build folder and a remote on its dev server are what the developer runs
  expect(
    newerThanRunning(
      { shell: '2.11.0-bbbbbbbb', remotes: { contacts: '9.9.9-99999999' } },
      { shell: null, remotes: { contacts: 'http://localhost:3001/mf-manifest.json' } },
    ),
  ).toEqual([]);
  expect(listInWords(['Agency Desk', 'Contacts', 'Team chat'])).toBe('Agency Desk, Contacts and Team chat');
});

test('says a newer release is active when the person comes back to the page, and their next navigation loads it; Reload loads it now', async () => {
  let answer: string[] = [];
  const check = jest.fn(() => Promise.resolve(answer));
  const onReload = jest.fn();
  render(
    <MemoryRouter initialEntries={['/contacts']}>
      <Link to="/chat">Team</Link>
      <NewReleaseNotice check={check} onReload={onReload} />
    </MemoryRouter>,
  );
  // nothing newer: no notice, and navigating is an ordinary navigation
  await act(async () => {
    fireEvent.focus(window);
  });
  expect(check).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('status')).not.toBeInTheDocument();

  answer = ['Contacts'];
  await act(async () => {
    fireEvent.focus(window);
  });
  const notice = await screen.findByRole('status');
  expect(notice).toHaveTextContent('A newer version of Contacts is ready');
  expect(notice).toHaveTextContent('It loads when you open another page, or now with Reload.');
  expect(onReload).not.toHaveBeenCalled();

  fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
  expect(onReload).toHaveBeenCalledTimes(1);
  fireEvent.click(screen.getByRole('link', { name: 'Team' }));
  expect(onReload).toHaveBeenCalledTimes(2);
});

test('asks again when the tab is shown, and says nothing once what is active is what the page runs', async () => {
  const check = jest.fn().mockResolvedValueOnce(['Agency Desk']).mockResolvedValueOnce([]);
  const onReload = jest.fn();
  render(
    <MemoryRouter>
      <Link to="/chat">Team</Link>
      <NewReleaseNotice check={check} onReload={onReload} />
    </MemoryRouter>,
  );
  await act(async () => {
    fireEvent(document, new Event('visibilitychange'));
  });
  expect(await screen.findByRole('status')).toHaveTextContent('A newer version of Agency Desk is ready');
  // rolled back before the person moved on
  await act(async () => {
    fireEvent.focus(window);
  });
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('link', { name: 'Team' }));
  expect(onReload).not.toHaveBeenCalled();
});
