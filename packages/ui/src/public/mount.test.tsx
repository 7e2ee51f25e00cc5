import { act, screen } from '@testing-library/react';
import { mountPublicPage } from './mount';

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

test('a public page draws above the app root, in the mode this browser keeps', () => {
  localStorage.setItem('agency.dark', '1');
  let seen: { dark: boolean; color: string } | null = null;
  act(() => {
    mountPublicPage((theme) => {
      seen = theme;
      return <p>Sign in here</p>;
    });
  });
  expect(screen.getByText('Sign in here')).toBeInTheDocument();
  expect(seen).toEqual({ dark: true, color: '#19d0de' });
});
