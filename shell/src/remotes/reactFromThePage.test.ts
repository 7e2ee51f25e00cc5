import { createInstance } from '@module-federation/enhanced/runtime';
import reactFromThePage, { PAGE_REACT_MODULES } from './reactFromThePage';

const VERSION = '19.3.1';

/** The shell's own copies, as its build provides them: loaded only if asked for. */
function ownShared() {
  const loads: string[] = [];
  const shared = Object.fromEntries(
    PAGE_REACT_MODULES.map((key) => [
      key,
      {
        version: VERSION,
        shareConfig: { singleton: true, requiredVersion: `^${VERSION}` },
        get: () => {
          loads.push(key);
          return Promise.resolve(() => ({ own: key }));
        },
      },
    ]),
  );
  return { shared, loads };
}

const pageModules = () => Object.fromEntries(PAGE_REACT_MODULES.map((key) => [key, { page: key }]));

let instances = 0;
async function shareScopeGives(page: Window['agencyHandover']) {
  window.agencyHandover = page;
  const { shared, loads } = ownShared();
  const instance = createInstance({ name: `shell-${++instances}`, remotes: [], shared, plugins: [reactFromThePage()] });
  const modules = await Promise.all(PAGE_REACT_MODULES.map(async (key) => ((await instance.loadShare(key)) as () => unknown)()));
  return { modules, loads };
}

const handover = (react: NonNullable<Window['agencyHandover']>['react']) => ({
  signedIn: new Promise<void>(() => undefined),
  tookOver: () => undefined,
  react,
});

afterEach(() => delete window.agencyHandover);

test("behind the sign-in page the app shares the page's React and loads none of its own", async () => {
  const { modules, loads } = await shareScopeGives(handover({ version: VERSION, modules: pageModules() }));
  expect(modules).toEqual(PAGE_REACT_MODULES.map((key) => ({ page: key })));
  expect(loads).toEqual([]);
});

test('a page at another React version lends nothing: the app loads its own', async () => {
  const { modules, loads } = await shareScopeGives(handover({ version: '19.2.0', modules: pageModules() }));
  expect(modules).toEqual(PAGE_REACT_MODULES.map((key) => ({ own: key })));
  expect(loads).toEqual([...PAGE_REACT_MODULES]);
});

test('a page that lends only part of React lends none of it (two Reacts break every hook)', async () => {
  const partial = pageModules();
  delete partial['react-dom/client'];
  const { modules } = await shareScopeGives(handover({ version: VERSION, modules: partial }));
  expect(modules).toEqual(PAGE_REACT_MODULES.map((key) => ({ own: key })));
});

test('on any other page (no sign-in page before it) the app loads its own React', async () => {
  const { modules } = await shareScopeGives(undefined);
  expect(modules).toEqual(PAGE_REACT_MODULES.map((key) => ({ own: key })));
});
