import { act, render, screen } from '@testing-library/react';
import { useWidth } from './width';

type Observed = { callback: ResizeObserverCallback; target: Element | null; disconnected: boolean };
const observers: Observed[] = [];
const original = window.ResizeObserver;
beforeEach(() => {
  observers.length = 0;
  window.ResizeObserver = class {
    private readonly o: Observed;
    constructor(callback: ResizeObserverCallback) {
      this.o = { callback, target: null, disconnected: false };
      observers.push(this.o);
    }
    observe(target: Element) {
      this.o.target = target;
    }
    unobserve() {}
    disconnect() {
      this.o.disconnected = true;
    }
  } as unknown as typeof ResizeObserver;
});
afterEach(() => {
  window.ResizeObserver = original;
});

function Measured() {
  const { ref, width } = useWidth();
  return (
    <div ref={ref} data-testid="box">
      {width === null ? 'not laid out' : `${width} px`}
    </div>
  );
}

const resizeTo = (el: HTMLElement, px: number) => Object.defineProperty(el, 'clientWidth', { configurable: true, value: px });

it('is null until the element is laid out, then follows its width', () => {
  const { unmount } = render(<Measured />);
  expect(screen.getByTestId('box')).toHaveTextContent('not laid out');
  const box = screen.getByTestId('box');
  expect(observers[0].target).toBe(box);

  resizeTo(box, 640);
  act(() => observers[0].callback([], {} as ResizeObserver));
  expect(box).toHaveTextContent('640 px');
  resizeTo(box, 390);
  act(() => observers[0].callback([], {} as ResizeObserver));
  expect(box).toHaveTextContent('390 px');

  unmount();
  expect(observers[0].disconnected).toBe(true);
});
