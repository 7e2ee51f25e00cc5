import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs these; jsdom does not provide them
Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd's form posts watcher updates through a MessageChannel; jsdom has none. A timer-backed one
// keeps the same "next macrotask" timing and follows jest's fake timers.
if (typeof globalThis.MessageChannel === 'undefined') {
  class TimerMessagePort {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other: TimerMessagePort | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      setTimeout(() => target?.onmessage?.({ data }), 0);
    }
    close() {}
  }
  class TimerMessageChannel {
    port1 = new TimerMessagePort();
    port2 = new TimerMessagePort();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = TimerMessageChannel;
}

// antd needs these in jsdom
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
const originalGetComputedStyle = window.getComputedStyle;
window.getComputedStyle = (elt: Element) => originalGetComputedStyle(elt);
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
