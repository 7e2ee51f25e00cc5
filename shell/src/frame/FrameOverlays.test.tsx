import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { bus } from '@agency/bus';
import { ConfirmHost } from './ConfirmHost';
import { LoadingOverlay } from './LoadingOverlay';
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

describe('ErrorPage', () => {
  it('offers Refresh and Reload', () => {
    render(<ErrorPage error={new Error('boom')} />);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });
});
