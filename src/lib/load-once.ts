/**
 * Code fetched on demand, once for the page: the first `load` imports it and later calls share
 * that import; a failed import is forgotten, so the next call asks again (offline, then back);
 * `loaded` gives the module once it has arrived, for a render that must not wait for it.
 */
interface CodeOnce<T> {
  load: (importer: () => Promise<T>) => Promise<T>;
  loaded: () => T | undefined;
}

export function codeOnce<T>(): CodeOnce<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load(importer) {
      pending ??= importer().then(
        (module) => (loaded = module),
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => loaded,
  };
}
