/**
 * Mounting renderer components over the fake station (test/fixtures/station-fake.ts) for the
 * component tests: the client goes through the real `dispatch` (argument and result schemas,
 * JSON checks) and a JSON round trip, as the bridge would, so a component sees exactly what
 * crosses the real API. The state and clock are the renderer's own (state/station.svelte.ts).
 */
import { render } from '@testing-library/svelte';
import type { Component } from 'svelte';
import { dispatch } from '../../../shared/api/api-contract.ts';
import { createApiClient } from '../../../shared/api/api-client.ts';
import { STATION_API } from '../../../shared/api/station-api.ts';
import { STATION_CONTEXT } from '../../../renderer/app/context.ts';
import { Clock } from '../../../renderer/app/clock.svelte.ts';
import { createStationState, type StationState } from '../../../renderer/app/station.svelte.ts';
import { createFakeStation, type FakeStation, type FakeStationOptions } from '../../fixtures/station-fake.ts';

export interface Harness {
  fake: FakeStation;
  station: StationState;
}

export function fakeStationState(options: FakeStationOptions = {}): Harness {
  const fake = createFakeStation(options);
  const client = createApiClient(STATION_API, async (method, args) => {
    const answer = await dispatch(STATION_API, fake.handlers, method, args === undefined ? undefined : JSON.parse(JSON.stringify(args)), {
      onInternalError: (m, cause) => console.error(`fake station: ${m}:`, cause),
    });
    return JSON.parse(JSON.stringify(answer));
  });
  const station = createStationState(client, new Clock(fake.now));
  return { fake, station };
}

/** Renders `component` with `station` in context, as App provides it. */
export function renderWithStation<P extends Record<string, unknown>>(component: Component<P>, station: StationState, props?: P) {
  return render(component as Component<Record<string, unknown>>, { props: props ?? {}, context: new Map<unknown, unknown>([[STATION_CONTEXT, station]]) });
}
