import { act, fireEvent, screen } from '@testing-library/react';
import { bus } from '@agency/bus';
import { currentLocation, renderAt } from '../test/router';
import { MAX_TOASTS, ToastHost } from './ToastHost';

const notices = () => document.querySelectorAll('.ant-notification-notice-wrapper, .ant-notification-notice').length;
const shown = () => Array.from(document.querySelectorAll('.ant-notification-notice-title')).map((n) => n.textContent);

describe('ToastHost', () => {
  it('shows at most five toasts, the newest ones', async () => {
    renderAt('/', '/', <ToastHost />);
    await act(async () => {
      for (let i = 1; i <= 7; i++) bus.toast({ kind: 'info', message: `Toast ${i}`, persistent: true });
    });
    expect(MAX_TOASTS).toBe(5);
    expect(shown()).toHaveLength(5);
    expect(shown()).toEqual(expect.arrayContaining(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6', 'Toast 7']));
    expect(shown()).not.toContain('Toast 1');
    expect(notices()).toBeGreaterThan(0);
  });

  it('offers a button for a toast with a link, and it stays', async () => {
    renderAt('/', '/', <ToastHost />);
    await act(async () => bus.toast({ kind: 'info', message: 'Lead assigned to you', link: '/contacts/contact/42' }));
    const open = await screen.findByRole('button', { name: 'Open' });
    fireEvent.click(open);
    expect(currentLocation.pathname).toBe('/contacts/contact/42');
  });
});
