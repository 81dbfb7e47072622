/**
 * What the preload exposes to the renderer (docs/decisions.md §8, STYLE.md habit 5): one function per table
 * method, each sending exactly one argument on that method's own channel. Kept apart from
 * preload.ts (which imports `electron`) so tests can check it.
 *
 * Invariant: the renderer gets named methods and nothing else: no `ipcRenderer`, no channel
 * argument, no way to reach a channel that is not a table method.
 */
import { ipcChannel } from '../../shared/api/api-contract.ts';

export type Invoke = (channel: string, payload: unknown) => Promise<unknown>;

export function buildPreloadApi(methods: readonly string[], invoke: Invoke): Readonly<Record<string, (args?: unknown) => Promise<unknown>>> {
  const api: Record<string, (args?: unknown) => Promise<unknown>> = {};
  for (const method of methods) {
    const channel = ipcChannel(method);
    // One parameter on purpose: extra arguments from the page are dropped here.
    api[method] = (args?: unknown) => invoke(channel, args);
  }
  return Object.freeze(api);
}
