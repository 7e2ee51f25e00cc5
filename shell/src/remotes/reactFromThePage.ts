import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** What the sign-in page hands over: the four modules the shell shares as React. */
export const PAGE_REACT_MODULES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'] as const;

/**
 * A federation runtime plugin of the shell. The sign-in page draws with its own React and loads the
 * app behind itself (handover.ts); the app then takes the page's React as the shared one instead of
 * loading a second copy (react-dom alone is 64 KB gzip). Only when the page hands over all four
 * modules at the very version the shell was built with: two Reacts in one page break every hook,
 * so anything less (a page left open across a release) and the shell loads its own, as on any
 * other page.
 */
export default function reactFromThePage(): ModuleFederationRuntimePlugin {
  return {
    name: 'react-from-the-page',
    beforeInit(args) {
      const shared = args.userOptions.shared;
      const page = typeof window === 'undefined' ? undefined : window.agencyHandover?.react;
      if (!shared || !page) return args;
      const taken = PAGE_REACT_MODULES.map((key) => {
        const entries = shared[key];
        const entry = Array.isArray(entries) ? (entries.length === 1 ? entries[0] : undefined) : entries;
        return { key, entry, module: page.modules[key] };
      });
      if (!taken.every(({ entry, module }) => entry && module && entry.version === page.version)) return args;
      for (const { key, entry, module } of taken) {
        const lib = () => module;
        shared[key] = { ...entry!, lib, get: () => Promise.resolve(lib), loaded: true };
      }
      return args;
    },
  };
}
