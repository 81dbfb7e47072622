/**
 * The one context key of the renderer: every component reads the station state (state/
 * station.svelte.ts) from here instead of importing a module-level singleton, so a test mounts any
 * screen over its own state and a real station (test/helpers/real-station.ts).
 */
import { getContext, setContext } from 'svelte';
import type { StationState } from './station.svelte.ts';

/** Exported so a test can hand `render` a context map holding a state of its own. */
export const STATION_CONTEXT = Symbol('airlock.station');

export function provideStation(state: StationState): StationState {
  return setContext(STATION_CONTEXT, state);
}

export function useStation(): StationState {
  const state = getContext<StationState | undefined>(STATION_CONTEXT);
  if (state === undefined) throw new Error('useStation: no station state in context (mount under App or pass context)');
  return state;
}
