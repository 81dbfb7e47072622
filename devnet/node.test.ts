// The devnet's own configuration (devnet/genesis.ts, devnet/node.ts, README "Genesis format" and
// "In-process"): each inconsistent genesis refused with the JSON path of the mistake, the options
// startDevnet refuses, and what stop() must end (the block timer and the database).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseGenesis } from './genesis.ts';
import { startDevnet, type DevnetOptions } from './node.ts';
import { K } from '../test/helpers/devnet-helpers.ts';

/** The error parseGenesis throws for `json` (its code, message and field), or undefined. */
function refusal(json: unknown): { code: string; message: string; field: unknown } | undefined {
  try {
    parseGenesis(json);
    return undefined;
  } catch (e) {
    const err = e as { code: string; message: string; details?: { field?: unknown } };
    return { code: err.code, message: err.message, field: err.details?.field };
  }
}

const exec = { name: 'exec', privateKey: K.exec.priv, executive: true };
const producer = { localexecutive: [K.exec.priv] };
const expectRefused = (json: unknown, field: string, message: string): void =>
  expect(refusal(json)).toEqual({ code: 'INVALID_INPUT', message: `${field}: ${message}`, field });

describe('parseGenesis: an inconsistent genesis is refused, naming its JSON path', () => {
  it('a minimal genesis is accepted (the cases below differ from it in one thing)', () => {
    expect(refusal({ accounts: [exec, { name: 'alice', privateKey: K.alice.priv }], producer })).toBeUndefined();
    expect(refusal({ parameters: { ALLOW_MULTI_SIGN: 0 }, accounts: [exec], producer })).toBeUndefined();
  });

  it('ALLOW_MULTI_SIGN other than 0 or 1', () => {
    expectRefused({ parameters: { ALLOW_MULTI_SIGN: 2 }, accounts: [exec], producer }, 'genesis.parameters.ALLOW_MULTI_SIGN', 'must be 0 or 1');
  });

  it('a producer that is a genesis account but not an executive', () => {
    expectRefused(
      { accounts: [exec, { name: 'alice', privateKey: K.alice.priv }], producer: { localexecutive: [K.alice.priv] } },
      'genesis.producer',
      `the producing account ${K.alice.b58} must be a genesis account with executive: true`,
    );
  });

  it('an account listed twice (by key, then by address)', () => {
    expectRefused(
      { accounts: [exec, { privateKey: K.alice.priv }, { address: K.alice.b58, balance: 5 }], producer },
      'genesis.accounts[2]',
      `${K.alice.b58} is listed twice`,
    );
  });

  it('custom permissions that break the permission-update rules (PROTOCOL.md §5)', () => {
    expectRefused(
      {
        accounts: [exec, { privateKey: K.alice.priv, owner_permission: { type: 'Owner', threshold: 3, keys: [{ address: K.alice.hex, weight: 1 }] } }],
        producer,
      },
      'genesis.accounts[1].owner_permission.threshold',
      "sum of all key's weight should not be less than threshold in permission Owner",
    );
    expectRefused(
      {
        accounts: [
          exec,
          {
            privateKey: K.alice.priv,
            active_permission: [{ type: 'Active', threshold: 1, operations: '80' + '00'.repeat(31), keys: [{ address: K.alice.hex, weight: 1 }] }],
          },
        ],
        producer,
      },
      'genesis.accounts[1].active_permission[0].operations',
      "7 isn't a validate ContractType",
    );
  });

  it('an address that does not belong to the privateKey given with it', () => {
    expectRefused(
      { accounts: [exec, { privateKey: K.alice.priv, address: K.bob.b58 }], producer },
      'genesis.accounts[1].address',
      `does not belong to privateKey (its address is ${K.alice.b58})`,
    );
  });
});

/** Why startDevnet refused `options`; a devnet it started anyway is stopped and reported as 'started'. */
async function startRefusal(options: DevnetOptions): Promise<string> {
  try {
    const devnet = await startDevnet(options);
    await devnet.stop();
    return 'started';
  } catch (e) {
    return (e as Error).message;
  }
}

describe('startDevnet: the options it refuses', () => {
  it('a host other than 127.0.0.1', async () => {
    expect(await startRefusal({ host: '0.0.0.0' as '127.0.0.1', blockIntervalMs: 'manual' })).toBe('host: the devnet listens only on 127.0.0.1');
  });

  it('a block interval under 100 ms, or not a whole number of ms; 100 ms itself is accepted', async () => {
    expect(await startRefusal({ blockIntervalMs: 99 })).toBe('blockIntervalMs: 99 is outside 100..2147483647');
    expect(await startRefusal({ blockIntervalMs: 150.5 })).toBe('blockIntervalMs: expected an integer, got 150.5');
    expect(await startRefusal({ blockIntervalMs: 100 })).toBe('started');
  });

  it('a port or interval that is not a whole number in range is a coded refusal naming the option, quoting no text', async () => {
    const key = 'ab'.repeat(32);
    for (const [options, field] of [
      [{ port: 70_000 }, 'port'],
      [{ port: -1 }, 'port'],
      [{ port: key }, 'port'],
      [{ blockIntervalMs: key }, 'blockIntervalMs'],
      [{ blockIntervalMs: 2 ** 40 }, 'blockIntervalMs'],
    ] as const) {
      let error: unknown;
      try {
        await (await startDevnet(options as DevnetOptions)).stop();
      } catch (e) {
        error = e;
      }
      expect(error).toMatchObject({ code: 'INVALID_INPUT', details: { field } });
      expect((error as Error).message).not.toContain('abab');
    }
  });
});

describe('stop(): ends everything startDevnet started', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears the block timer: no block is attempted after stop()', async () => {
    // Only setInterval/clearInterval are faked, so the server and SQLite run for real while the
    // test decides when the block timer fires.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const logs: string[] = [];
    const devnet = await startDevnet({ blockIntervalMs: 3_000, log: (line) => logs.push(line) });
    vi.advanceTimersByTime(3_000);
    expect(devnet.chain.headBlock().number).toBe(1);
    expect(vi.getTimerCount()).toBe(1);
    await devnet.stop();
    expect(vi.getTimerCount()).toBe(0);
    const before = logs.length;
    vi.advanceTimersByTime(30_000);
    expect(logs.slice(before)).toEqual([]);
  });

  it('closes the database, and a second stop() is harmless', async () => {
    const devnet = await startDevnet({ blockIntervalMs: 'manual' });
    expect(devnet.chain.store.db.open).toBe(true);
    await devnet.stop();
    expect(devnet.chain.store.db.open).toBe(false);
    await devnet.stop();
    await expect(fetch(`${devnet.url}/wallet/getnowblock`)).rejects.toThrow();
  });
});
