import { act, render, screen } from '@testing-library/react';
import { bus, hostControls } from '@agency/bus';
import { DASHBOARD_SLOTS } from './slots';
import { onFirstScreen, WidgetSlot } from './WidgetSlot';

jest.mock('../remotes/RemoteParcel', () => ({
  RemoteParcel: ({ name, expose }: { name: string; expose: string }) => (
    <div data-remote={name} data-remote-state="mounted">
      {name}/{expose}
    </div>
  ),
}));

const renewals = DASHBOARD_SLOTS.find((s) => s.key === 'renewals')!;
const at = (top: number) => jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
const state = () => document.querySelector(`[data-widget="${renewals.key}"] [data-remote-state]`)?.getAttribute('data-remote-state');

afterEach(() => jest.restoreAllMocks());

describe('a dashboard slot', () => {
  it('tells the first screen from what is below it by where its top is', () => {
    expect(onFirstScreen(700, 800)).toBe(true);
    expect(onFirstScreen(800, 800)).toBe(false);
  });

  it('says it is loading until the dashboard is laid out, so the first screen waits for it', () => {
    at(100);
    const { rerender } = render(<WidgetSlot slot={renewals} laidOut={false} />);
    expect(state()).toBe('loading');
    rerender(<WidgetSlot slot={renewals} laidOut />);
    expect(screen.getByText('contacts/widget-renewals')).toBeInTheDocument();
  });

  it('below the first screen, keeps its place at its usual height and mounts once scrolled into view (a scroll that leaves it below changes nothing)', () => {
    at(window.innerHeight + 400);
    render(<WidgetSlot slot={renewals} />);
    expect(state()).toBe('deferred');
    expect(screen.queryByText('contacts/widget-renewals')).toBeNull();
    const placeholder = document.querySelector<HTMLElement>('[data-remote-state="deferred"]')!;
    expect(placeholder.style.height).toBe(`${renewals.height}px`);
    // still below after a scroll: it waits
    act(() => void document.dispatchEvent(new Event('scroll')));
    expect(state()).toBe('deferred');
    at(300);
    act(() => void document.dispatchEvent(new Event('scroll')));
    expect(screen.getByText('contacts/widget-renewals')).toBeInTheDocument();
  });

  it('below the first screen, mounts once the first screen is drawn; after it, every slot mounts at once', () => {
    at(window.innerHeight + 400);
    render(<WidgetSlot slot={renewals} />);
    expect(state()).toBe('deferred');
    act(() => hostControls().firstScreenDrawn());
    expect(bus.firstScreen$.value).toBe(true);
    expect(screen.getByText('contacts/widget-renewals')).toBeInTheDocument();
    const employeeStats = DASHBOARD_SLOTS.find((s) => s.key === 'employeeStats')!;
    render(<WidgetSlot slot={employeeStats} laidOut={false} />);
    expect(screen.getByText('admin/widget-employee-stats')).toBeInTheDocument();
  });
});
