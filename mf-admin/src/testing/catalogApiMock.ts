// The account settings catalogue's calls (tags, smart values, templates) as jest mocks, with the rest of the shared mock.
export * from './apiClientMock';
export const tagsApi = { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn(), count: jest.fn() };
export const valuesApi = { list: jest.fn(), add: jest.fn(), replace: jest.fn(), remove: jest.fn() };
export const templatesApi = { list: jest.fn(), create: jest.fn(), update: jest.fn(), remove: jest.fn() };
