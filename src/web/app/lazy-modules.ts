/**
 * The signed-in shell, loaded on demand: the sign-in screen never needs it. A signed-in page waits for it
 * too (see `withShell`), so a page is never revealed under an empty navbar.
 */
export const loadShell = () => import('../features/shell/index.ts');

/** A page module that resolves only once the shell has loaded as well; both download in parallel. */
export function withShell<T>(page: Promise<T>): Promise<T> {
  return Promise.all([page, loadShell()]).then(([module]) => module);
}
