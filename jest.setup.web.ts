import '@testing-library/jest-dom';
import { act } from 'react';

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

// react-router 7 encodes with TextEncoder, which jsdom does not provide.
import { TextDecoder, TextEncoder } from 'node:util';
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd's form posts macrotasks through a MessageChannel, which jsdom lacks; a timer does the same here.
if (typeof globalThis.MessageChannel === 'undefined') {
  class MessagePortStub {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    other: MessagePortStub | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      const deliver = () => target?.onmessage?.({ data });
      // Inside act when testing-library expects it (not while it waits in waitFor).
      setTimeout(() => ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT ? act(deliver) : deliver()), 0);
    }
    close() {}
  }
  class MessageChannelStub {
    port1 = new MessagePortStub();
    port2 = new MessagePortStub();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  Object.assign(globalThis, { MessageChannel: MessageChannelStub });
}

// antd's CSS-in-JS puts thousands of rules into the document, and jsdom matches every one of them
// against the element on each getComputedStyle (testing-library's visibility checks, user-event's
// pointer-events check): most of a screen test's time. The styles go into a detached node instead;
// hidden parts of antd's components are hidden by their markup (hidden, aria-hidden, inline style).
jest.mock('@rc-component/util/lib/Dom/dynamicCSS', () => {
  const actual = jest.requireActual('@rc-component/util/lib/Dom/dynamicCSS');
  const detached = document.createElement('div');
  const into = <T extends object>(option: T | undefined) => ({ ...option, attachTo: detached });
  return {
    ...actual,
    injectCSS: (css: string, option?: object) => actual.injectCSS(css, into(option)),
    updateCSS: (css: string, key: string, option?: object) => actual.updateCSS(css, key, into(option)),
    removeCSS: (key: string, option?: object) => actual.removeCSS(key, into(option)),
  };
});

import { configure } from '@testing-library/react';
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 10_000 });
