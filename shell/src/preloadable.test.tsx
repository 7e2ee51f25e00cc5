import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { preloadable } from './preloadable';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

test('once preloaded, it renders at once instead of suspending', async () => {
  const load = jest.fn(() => Promise.resolve({ default: Hello }));
  const Lazy = preloadable(load);
  await Lazy.preload();
  await Lazy.preload();
  expect(load).toHaveBeenCalledTimes(1);
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Lazy name="Emma" />
    </Suspense>,
  );
  // no fallback, not even for a moment
  expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  expect(screen.getByText('Hello Emma')).toBeInTheDocument();
});

test('not preloaded, it loads like React.lazy; a failed load is tried again', async () => {
  const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Hello });
  const Lazy = preloadable<{ name: string }>(load);
  await expect(Lazy.preload()).rejects.toThrow('offline');
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Lazy name="Noah" />
    </Suspense>,
  );
  expect(screen.getByText('Loading')).toBeInTheDocument();
  await act(async () => undefined);
  expect(await screen.findByText('Hello Noah')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
