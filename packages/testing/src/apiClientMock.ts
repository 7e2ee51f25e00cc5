/**
 * A stand-in for @agency/api-client in component tests: every `somethingApi.method` is a jest.fn()
 * (made on first use, then the same one), the error helpers behave like the real ones, and
 * `defaults` gives chosen methods an implementation. Use it as
 *   jest.mock('@agency/api-client', () => jest.requireActual<typeof import('@agency/testing')>('@agency/testing').apiClientMock());
 */
export function apiClientMock(defaults: Record<string, Record<string, (...args: never[]) => unknown>> = {}): Record<string, unknown> {
  class ApiRequestError extends Error {
    constructor(
      message: string,
      public readonly status: number | null,
    ) {
      super(message);
      this.name = 'ApiRequestError';
    }
  }
  const fixed: Record<string, unknown> = {
    __esModule: true,
    ApiRequestError,
    errorMessage: (err: unknown, fallback = 'Something went wrong. Please try again.') => (err instanceof Error && err.message ? err.message : fallback),
    FORBIDDEN_MESSAGE: 'You do not have access to perform this action.',
    // The axios instance: calls a remote makes on it directly stay unanswered unless a test answers them.
    api: {
      interceptors: { response: { use: jest.fn(() => 0), eject: jest.fn() }, request: { use: jest.fn(() => 0), eject: jest.fn() } },
      ...Object.fromEntries(['get', 'post', 'put', 'patch', 'delete'].map((verb) => [verb, () => new Promise(() => undefined)])),
    },
  };
  const apis = new Map<string, Record<string, jest.Mock>>();
  const apiOf = (name: string) => {
    let methods = apis.get(name);
    if (!methods) {
      const made = new Map<string, jest.Mock>();
      methods = new Proxy({} as Record<string, jest.Mock>, {
        get(_, key) {
          if (typeof key !== 'string') return undefined;
          let fn = made.get(key);
          if (!fn) {
            const impl = defaults[name]?.[key];
            fn = impl ? jest.fn(impl) : jest.fn();
            made.set(key, fn);
          }
          return fn;
        },
      });
      apis.set(name, methods);
    }
    return methods;
  };
  return new Proxy(fixed, {
    get: (target, key) => (typeof key === 'string' && key in target ? target[key] : typeof key === 'string' && key.endsWith('Api') ? apiOf(key) : undefined),
    has: (target, key) => key in target || (typeof key === 'string' && key.endsWith('Api')),
  });
}
