import { act, render, screen } from '@testing-library/react';
import { bus } from '@agency/bus';
import { LiveAnnouncer } from './LiveAnnouncer';

it('reads each announcement once, as a new line of a polite log, and nothing again on a re-render', () => {
  const { rerender } = render(<LiveAnnouncer />);
  const region = screen.getByRole('log', { name: 'Announcements' });
  expect(region).toHaveAttribute('aria-live', 'polite');
  expect(region).toHaveAttribute('aria-relevant', 'additions');
  expect(region).toBeEmptyDOMElement();

  act(() => bus.announce('New text from Jane Doe'));
  act(() => bus.announce('Incoming call from Jane Doe'));
  const lines = () => [...region.querySelectorAll('p')].map((p) => p.textContent);
  expect(lines()).toEqual(['New text from Jane Doe', 'Incoming call from Jane Doe']);
  const first = region.querySelector('p');

  rerender(<LiveAnnouncer />);
  expect(lines()).toEqual(['New text from Jane Doe', 'Incoming call from Jane Doe']);
  // the same nodes: a screen reader has nothing new to read
  expect(region.querySelector('p')).toBe(first);

  // the same words again are a new line (a second text from the same client is read too)
  act(() => bus.announce('New text from Jane Doe'));
  expect(lines()).toEqual(['New text from Jane Doe', 'Incoming call from Jane Doe', 'New text from Jane Doe']);
  act(() => bus.announce('   '));
  expect(lines()).toHaveLength(3);
});
