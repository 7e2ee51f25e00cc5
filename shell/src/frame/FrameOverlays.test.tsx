import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { bus } from '@agency/bus';
import { ConfirmHost } from './ConfirmHost';
import { LoadingOverlay } from './LoadingOverlay';
import { CONFETTI_MS, ConfettiOverlay } from './ConfettiOverlay';
import { ErrorPage } from '../pages/ErrorPage';

describe('ConfirmHost', () => {
  it('answers Yes and No', async () => {
    render(<ConfirmHost />);
    let first: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = bus.confirm('Sure you want to clear the New lane?');
    });
    expect(await screen.findByText('Sure you want to clear the New lane?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await expect(first).resolves.toBe(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => {
      second = bus.confirm('Delete the card?');
    });
    await screen.findByText('Delete the card?');
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await expect(second).resolves.toBe(false);
  });
});

describe('LoadingOverlay', () => {
  it('reads Loading while the bus says so', async () => {
    render(<LoadingOverlay />);
    expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument();
    act(() => bus.setLoading(true));
    expect(screen.getByTestId('loading-overlay')).toHaveTextContent('Loading');
    act(() => bus.setLoading(false));
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).not.toBeInTheDocument());
  });
});

jest.mock('canvas-confetti', () => {
  const fire = Object.assign(
    jest.fn(() => Promise.resolve()),
    { reset: jest.fn() },
  );
  return { __esModule: true, default: { create: jest.fn(() => fire) }, fire };
});

describe('ConfettiOverlay', () => {
  it('bursts over everything when asked, without taking clicks, and leaves after 3 s', async () => {
    jest.useFakeTimers();
    try {
      const { fire } = jest.requireMock<{ fire: jest.Mock & { reset: jest.Mock } }>('canvas-confetti');
      render(<ConfettiOverlay />);
      expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
      // the first celebration loads canvas-confetti, then bursts
      await act(async () => bus.celebrate('Setup Tasks Completed'));
      expect(screen.getByTestId('confetti')).toHaveStyle({ pointerEvents: 'none', position: 'fixed' });
      expect(fire).toHaveBeenCalledTimes(2);
      act(() => jest.advanceTimersByTime(CONFETTI_MS - 1));
      expect(screen.getByTestId('confetti')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByTestId('confetti')).not.toBeInTheDocument();
      expect(fire).toHaveBeenCalledTimes(3);
      expect(fire.reset).toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('ErrorPage', () => {
  it('offers Refresh and Reload', () => {
    render(<ErrorPage error={new Error('boom')} />);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });
});
