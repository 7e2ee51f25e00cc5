import { act, fireEvent, render, screen } from '@testing-library/react';
import { bus } from '@agency/bus';
import { ThemeToggle } from './ThemeToggle';

jest.mock('@agency/api-client', () =>
  jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock({ authApi: { signOut: () => Promise.resolve() } }),
);

beforeEach(() => {
  localStorage.clear();
  bus.setTheme({ dark: false, color: '#19d0de' });
  document.body.classList.remove('dark');
});

describe('ThemeToggle', () => {
  it('toggles dark mode on click and keeps the choice', () => {
    render(<ThemeToggle />);
    const button = screen.getByRole('button', { name: 'Dark mode' });
    fireEvent.click(button);
    expect(bus.theme$.value.dark).toBe(true);
    expect(localStorage.getItem('agency.dark')).toBe('1');
    expect(document.body).toHaveClass('dark');
    fireEvent.click(button);
    expect(bus.theme$.value.dark).toBe(false);
    expect(localStorage.getItem('agency.dark')).toBe('0');
  });

  it('opens the colour picker on a 500 ms press, without toggling', async () => {
    jest.useFakeTimers();
    try {
      render(<ThemeToggle />);
      const button = screen.getByRole('button', { name: 'Dark mode' });
      fireEvent.pointerDown(button, { button: 0 });
      act(() => jest.advanceTimersByTime(400));
      expect(screen.queryByText('Theme colour')).not.toBeInTheDocument();
      act(() => jest.advanceTimersByTime(150));
      fireEvent.pointerUp(button);
      fireEvent.click(button);
      jest.useRealTimers();
      expect(await screen.findByText('Theme colour')).toBeInTheDocument();
      expect(bus.theme$.value.dark).toBe(false);
    } finally {
      jest.useRealTimers();
    }
  });
});
