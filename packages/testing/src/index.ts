// Fixtures and mocks for the browser code's tests (the shell's and every remote's).
export * from './apiClientMock';
export * from './feedback';
export * from './fill';
export * from './locations';
export * from './session';
