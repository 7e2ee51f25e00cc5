/**
 * A stand-in for @agency/api-client in component tests: every call is a jest.fn() and the error
 * class behaves like the real one. Use it as
 *   jest.mock('@agency/api-client', () => jest.requireActual<typeof import('../test/apiClientMock')>('../test/apiClientMock').apiClientMock());
 */
export function apiClientMock() {
  class ApiRequestError extends Error {
    constructor(
      message: string,
      public readonly status: number | null,
    ) {
      super(message);
      this.name = 'ApiRequestError';
    }
  }
  const errorMessage = (err: unknown, fallback = 'Something went wrong. Please try again.') =>
    err instanceof Error && err.message ? err.message : fallback;
  return {
    ApiRequestError,
    errorMessage,
    FORBIDDEN_MESSAGE: 'You do not have access to perform this action.',
    api: { interceptors: { response: { use: jest.fn(() => 0), eject: jest.fn() }, request: { use: jest.fn(() => 0), eject: jest.fn() } } },
    authApi: {
      health: jest.fn(),
      check: jest.fn(),
      signIn: jest.fn(),
      unlock: jest.fn(),
      signOut: jest.fn(() => Promise.resolve()),
      forgotPassword: jest.fn(),
      forgotPasswordVerify: jest.fn(),
      mfaInit: jest.fn(),
      mfaVerify: jest.fn(),
    },
    usersApi: {
      me: jest.fn(),
      update: jest.fn(),
      changePassword: jest.fn(),
      resetPassword: jest.fn(),
      resetMfa: jest.fn(),
      picture: jest.fn(),
      list: jest.fn(),
      ghost: jest.fn(),
      unghost: jest.fn(),
    },
    trainingsApi: { list: jest.fn(), count: jest.fn(), create: jest.fn(), get: jest.fn(), markViewed: jest.fn() },
    utilitiesApi: { feedback: jest.fn(), config: jest.fn() },
  };
}
