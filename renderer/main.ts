/**
 * The renderer's entry (docs/decisions.md §9): connects to the station through the API client (Electron's
 * preload or the loopback bridge; renderer/app/api-client.ts), makes the state and mounts the app.
 * This is the only place the real client is made; everything else receives it through context.
 */
// First: the Node globals the UR library needs exist before any module using it is evaluated (docs/decisions.md §19).
import { NODE_GLOBALS } from './airgap/node-globals.ts';
import { mount } from 'svelte';
import { STATION_API } from '../shared/api/station-api.ts';
import { connectStation } from './app/api-client.ts';
import { createStationState } from './app/station.svelte.ts';
import App from './app/App.svelte';

// Read, so the bundler keeps the module that installs them (it is declared free of side effects).
if (NODE_GLOBALS.length === 0) throw new Error('the UR library has no Buffer');
const station = createStationState(connectStation(STATION_API));
station.clock.start();
mount(App, { target: document.getElementById('app')!, props: { station } });
