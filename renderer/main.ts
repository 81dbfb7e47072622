/**
 * The renderer's entry (issue 9): connects to the station through the API client (Electron's
 * preload or the loopback bridge; renderer/app/api-client.ts), makes the state and mounts the app.
 * This is the only place the real client is made; everything else receives it through context.
 */
import { mount } from 'svelte';
import { STATION_API } from '../shared/api/station-api.ts';
import { connectStation } from './app/api-client.ts';
import { createStationState } from './app/station.svelte.ts';
import App from './app/App.svelte';

const station = createStationState(connectStation(STATION_API));
station.clock.start();
mount(App, { target: document.getElementById('app')!, props: { station } });
