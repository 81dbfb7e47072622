/**
 * Every handler is one line (docs/decisions.md §8, electron/shell/station-handlers.ts): a method the
 * shell does not name as its own (SHELL_OWN_METHODS) is the station's method of the same name, handed
 * the caller's argument object itself and answering the station's answer itself, so `airlock … --json`
 * and the window cannot receive different shapes. The station is a real one (keystore vault, SQLite
 * store in a temporary directory); each API method on it is watched, not run: the watch records the
 * method called and the argument it got and answers a fresh token, which the handler must hand back
 * unchanged (the same object, or the same thrown error).
 *
 * Invariant guarded: no handler outside the shell's six reshapes, renames or re-reads an answer; the
 * shell's own list is exactly the six things only the shell can do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { STATION_API } from '../../shared/api/station-api.ts';
import type { Station } from '../../station/station.ts';
import { keystoreStation, workDir } from '../../test/helpers/station-helpers.ts';
import { createStationHandlers, SHELL_OWN_METHODS } from './station-handlers.ts';

interface Call {
  method: string;
  args: unknown[];
  answer: object;
}

let work: { dir: string; remove: () => void };
let station: Station;
/** The calls that reached the station, in order. */
let calls: Call[] = [];
/** The real station with every API method watched: the call is recorded and answered with a new token. */
let watched: Station;

beforeAll(() => {
  work = workDir('airlock-pass-through-');
  station = keystoreStation(join(work.dir, 'st'), 'http://127.0.0.1:9', () => 1_800_000_000_000);
  watched = new Proxy(station, {
    get(target, property, receiver) {
      const real: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || typeof real !== 'function' || !Object.hasOwn(STATION_API, property)) return real;
      return (...args: unknown[]) => {
        const answer = { token: `${property} ${calls.length}` };
        calls.push({ method: property, args, answer });
        return answer;
      };
    },
  });
});

afterAll(() => {
  station?.close();
  work?.remove();
});

describe('the station handlers', () => {
  it("name exactly the shell's own six methods", () => {
    expect([...SHELL_OWN_METHODS].sort()).toEqual(['appInfo', 'discard', 'keysImport', 'openHandoffFiles', 'saveHandoffFile', 'vaultUnlock']);
    for (const method of SHELL_OWN_METHODS) expect(Object.hasOwn(STATION_API, method), method).toBe(true);
  });

  it("pass every other method's argument to the station's method of the same name, and its answer back untouched", async () => {
    const handlers = createStationHandlers(watched, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
    const passed = Object.keys(STATION_API).filter((m) => !(SHELL_OWN_METHODS as readonly string[]).includes(m));
    expect(passed.length).toBeGreaterThan(50);
    for (const method of passed) {
      calls = [];
      const args = { asked: method };
      const answer: unknown = await (handlers as unknown as Record<string, (a: unknown) => unknown>)[method]!(args);
      expect(
        calls.map((c) => c.method),
        method,
      ).toEqual([method]);
      expect(calls[0]!.args, method).toHaveLength(1);
      expect(calls[0]!.args[0], `${method}: the caller's argument itself`).toBe(args);
      expect(answer, `${method}: the station's answer itself`).toBe(calls[0]!.answer);
    }
  });

  it("pass a station's refusal through as it was thrown", async () => {
    const refusal = new Error('refused by the station');
    const refusing = new Proxy(station, {
      get(target, property, receiver) {
        if (property !== 'list') return Reflect.get(target, property, receiver);
        return () => {
          throw refusal;
        };
      },
    });
    const handlers = createStationHandlers(refusing, { appInfo: () => ({ name: 'Airlock', version: 'test', dataDir: station.dataDir }) });
    let thrown: unknown;
    try {
      await handlers.list({});
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBe(refusal);
  });
});
