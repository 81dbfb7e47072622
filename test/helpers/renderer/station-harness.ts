/**
 * Mounting renderer components over the real station (test/helpers/real-station.ts: `openStation`
 * on a temporary directory, an in-memory vault, no node) for the component tests: the client goes
 * through the real `dispatch` (argument and result schemas, JSON checks) and a JSON round trip, as
 * the bridge would, so a component sees exactly what crosses the real API. The state and clock are
 * the renderer's own (app/station.svelte.ts). Each station is closed and its directory removed
 * when the test that opened it ends; calls made after that are never answered.
 */
import { render } from '@testing-library/svelte';
import type { Component } from 'svelte';
import { onTestFinished } from 'vitest';
import { dispatch } from '../../../shared/api/api-contract.ts';
import { createApiClient } from '../../../shared/api/api-client.ts';
import { STATION_API } from '../../../shared/api/station-api.ts';
import { STATION_CONTEXT } from '../../../renderer/app/context.ts';
import { Clock } from '../../../renderer/app/clock.svelte.ts';
import { createStationState, type StationState } from '../../../renderer/app/station.svelte.ts';
import { openRealStation, type RealStation, type RealStationOptions } from '../real-station.ts';

export interface Harness {
  real: RealStation;
  station: StationState;
}

export async function realStationState(options: RealStationOptions = {}): Promise<Harness> {
  const real = await openRealStation(options);
  // A screen may still be asking when its test ends (a refresh, a keychain probe in flight): calls
  // under way are let finish before the station closes, and later ones are never answered.
  let closed = false;
  const inFlight = new Set<Promise<unknown>>();
  onTestFinished(async () => {
    closed = true;
    await Promise.allSettled(inFlight);
    real.close();
  });
  const client = createApiClient(STATION_API, async (method, args) => {
    if (closed) return new Promise<never>(() => {});
    const call = dispatch(STATION_API, real.handlers, method, args === undefined ? undefined : JSON.parse(JSON.stringify(args)), {
      onInternalError: (m, cause) => console.error(`station: ${m}:`, cause),
    });
    inFlight.add(call);
    try {
      return JSON.parse(JSON.stringify(await call));
    } finally {
      inFlight.delete(call);
    }
  });
  const station = createStationState(client, new Clock(real.now));
  return { real, station };
}

/** Renders `component` with `station` in context, as App provides it. */
export function renderWithStation<P extends Record<string, unknown>>(component: Component<P>, station: StationState, props?: P) {
  return render(component as Component<Record<string, unknown>>, { props: props ?? {}, context: new Map<unknown, unknown>([[STATION_CONTEXT, station]]) });
}
