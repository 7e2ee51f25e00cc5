// What the screens use of @agency/api-client, as jest mocks (the real one needs a server).
export class ApiRequestError extends Error {
  constructor(
    message: string,
    public readonly status: number | null,
  ) {
    super(message);
  }
}
export const errorMessage = (err: unknown, fallback = 'Something went wrong. Please try again.') =>
  err instanceof Error && err.message ? err.message : fallback;
export const usersApi = {
  me: jest.fn(),
  update: jest.fn(),
  picture: jest.fn(),
  changePassword: jest.fn(),
  list: jest.fn(),
  ghost: jest.fn(),
  resetMfa: jest.fn(),
};
export const authApi = {
  mfaInit: jest.fn(),
  mfaTurnOff: jest.fn(),
  mfaVerify: jest.fn(),
};
export const FORBIDDEN_MESSAGE = 'You do not have access to perform this action.';
export const accountsApi = {
  get: jest.fn(),
  update: jest.fn(),
  info: jest.fn(),
  updateInfo: jest.fn(),
};
export const auditApi = { page: jest.fn(), exportCsv: jest.fn() };
export const employeesApi = {
  create: jest.fn(),
  remove: jest.fn(),
};
export const locationsApi = {
  list: jest.fn(),
  get: jest.fn(),
  create: jest.fn(),
  update: jest.fn(),
};
export const reviewSettingsApi = { get: jest.fn(), update: jest.fn() };
export const phoneBlockApi = {
  list: jest.fn(),
  add: jest.fn(),
  remove: jest.fn(),
};
export const tagsApi = { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn(), count: jest.fn() };
export const valuesApi = { list: jest.fn(), add: jest.fn(), replace: jest.fn(), remove: jest.fn() };
export const templatesApi = { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn() };
export const metricsApi = { employeeStats: jest.fn() };
export const billingApi = {
  subscription: jest.fn(),
  planLimits: jest.fn(),
  balance: jest.fn(),
  invoices: jest.fn(),
  paymentMethods: jest.fn(),
  setupIntent: jest.fn(),
  confirmLocalSetup: jest.fn(),
  setDefault: jest.fn(),
  remove: jest.fn(),
  pay: jest.fn(),
  usage: jest.fn(),
};
export const registrationApi = {
  get: jest.fn(),
  saveAddress: jest.fn(),
  saveBusiness: jest.fn(),
  saveRep: jest.fn(),
  evaluate: jest.fn(),
  submit: jest.fn(),
  brand: jest.fn(),
  submitBrand: jest.fn(),
};
export const phonesApi = { list: jest.fn(), create: jest.fn(), update: jest.fn() };
export const numbersApi = { port: jest.fn(), search: jest.fn(), purchase: jest.fn(), release: jest.fn(), services: jest.fn(), createService: jest.fn(), updateService: jest.fn() };
export const mobileAppApi = { get: jest.fn(), create: jest.fn(), update: jest.fn() };
export const phoneApi = { flowRecordings: jest.fn(), uploadFlowRecording: jest.fn(), deleteFlowRecording: jest.fn() };
