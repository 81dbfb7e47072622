// The devnet's state across restarts (docs/decisions.md §3: "A restart with --db keeps accounts, tokens and
// blocks"), the genesis check on reopening (a stored chain keeps its genesis's masks, so no account's
// stored operations change when the defaults do), and `npm run devnet` itself (devnet/cli.ts): its
// printed URL, accounts and TEST ONLY keys, and a clean stop on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_GENESIS_JSON, parseGenesis } from './genesis.ts';
import { startDevnet } from './node.ts';
import { AVAILABLE_CONTRACT_TYPES_HEX, DEFAULT_ACTIVE_OPERATIONS_HEX, encodeOperationsHex } from '../shared/chain/operations.ts';
import {
  buildAndSend,
  hexText,
  K,
  newKey,
  permissionUpdateBody,
  runDevnetCli,
  sendTransfer,
  startNode,
  SUN,
  T0,
  type Json,
} from '../test/helpers/devnet-helpers.ts';
import { VALIDATE } from '../test/helpers/devnet-http-helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'airlock-devnet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('devnet: a restart with a database file', () => {
  it('keeps accounts, tokens, blocks and pending transactions; keeps counting token ids', async () => {
    const dbFile = join(dir, 'chain.sqlite');
    const first = await startNode({ dbFile });
    expect(first.devnet.chain.store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    const friend = newKey();
    expect((await sendTransfer(first, K.alice, friend.hex, 3n * SUN)).reply.result).toBe(true);
    const issue = await buildAndSend(
      first,
      '/wallet/createassetissue',
      {
        owner_address: K.bob.hex,
        name: hexText('KEEP'),
        total_supply: 500,
        coin_num: 1,
        num: 1,
        start_time: first.clock.now + 10_000,
        end_time: first.clock.now + 20_000,
        url: hexText('https://k.invalid'),
      },
      [K.bob],
    );
    expect(issue.reply.result).toBe(true);
    await first.block();
    const pending = await sendTransfer(first, K.carol, friend.hex, SUN);
    expect(pending.reply.result).toBe(true);
    const before: Json = {
      alice: await first.account(K.alice.b58),
      friend: await first.account(friend.b58),
      bob: await first.account(K.bob.b58),
      token: await first.post('/wallet/getassetissuebyid', { value: '1000001' }),
      head: await first.post('/wallet/getnowblock'),
      genesis: await first.post('/wallet/getblockbynum', { num: 0 }),
    };
    await first.stop();
    await first.stop(); // stopping twice is harmless

    const second = await startNode({ dbFile, firstBlock: false, startAt: T0 + 60_000 });
    try {
      expect({
        alice: await second.account(K.alice.b58),
        friend: await second.account(friend.b58),
        bob: await second.account(K.bob.b58),
        token: await second.post('/wallet/getassetissuebyid', { value: '1000001' }),
        head: await second.post('/wallet/getnowblock'),
        genesis: await second.post('/wallet/getblockbynum', { num: 0 }),
      }).toEqual(before);
      await second.block();
      const next = await second.post('/wallet/getnowblock');
      expect(next.block_header.raw_data.parentHash).toBe(before.head.blockID);
      expect(next.transactions.map((t: Json) => t.txID)).toEqual([pending.reply.txid]);
      // The same transaction is still known: Dup transaction.
      expect((await second.post('/wallet/broadcasttransaction', pending.tx)).code).toBe('DUP_TRANSACTION_ERROR');
      const again = await buildAndSend(
        second,
        '/wallet/createassetissue',
        {
          owner_address: K.carol.hex,
          name: hexText('NEXT'),
          total_supply: 5,
          coin_num: 1,
          num: 1,
          start_time: second.clock.now + 10_000,
          end_time: second.clock.now + 20_000,
          url: hexText('https://n.invalid'),
        },
        [K.carol],
      );
      expect(again.reply.result).toBe(true);
      expect((await second.account(K.carol.b58)).asset_issued_ID).toBe('1000002');
    } finally {
      await second.stop();
    }
  });

  it('keeps arrival order across a restart: a transaction pending from before goes into the next block before a newer one', async () => {
    const dbFile = join(dir, 'order.sqlite');
    const first = await startNode({ dbFile });
    expect((await sendTransfer(first, K.alice, K.bob.hex, 1)).reply.result).toBe(true);
    await first.block();
    const old = await sendTransfer(first, K.alice, K.bob.hex, 2);
    expect(old.reply.result).toBe(true);
    await first.stop();

    const second = await startNode({ dbFile, firstBlock: false, startAt: T0 + 60_000 });
    try {
      const newer = await sendTransfer(second, K.bob, K.carol.hex, 3);
      expect(newer.reply.result).toBe(true);
      const produced = await second.devnet.produceBlock();
      expect(produced.transactions).toEqual([old.reply.txid, newer.reply.txid]);
    } finally {
      await second.stop();
    }
  });

  it('refuses a different genesis for an existing chain, but accepts the same one again and new block keys', async () => {
    const dbFile = join(dir, 'genesis.sqlite');
    const first = await startNode({ dbFile });
    const stored = first.devnet.chain.genesis;
    await first.stop();
    const other = parseGenesis({ ...DEFAULT_GENESIS_JSON, accounts: DEFAULT_GENESIS_JSON.accounts.slice(1), timestamp: stored.timestamp });
    await expect(startDevnet({ dbFile, genesis: other, blockIntervalMs: 'manual' })).rejects.toThrow(/holds a chain made from a different genesis/);
    // The same genesis file again (no timestamp: the first start fixed it) is the same chain.
    const same = await startDevnet({ dbFile, genesis: parseGenesis(DEFAULT_GENESIS_JSON), blockIntervalMs: 'manual' });
    expect(same.chain.genesis.timestamp).toBe(stored.timestamp);
    await same.stop();
    const rekeyed = { ...stored, producer: { ...stored.producer, keys: [...stored.producer.keys, Uint8Array.from(Buffer.from(K.k33.priv, 'hex'))] } };
    const second = await startDevnet({ dbFile, genesis: rekeyed, blockIntervalMs: 'manual' });
    expect(second.producer.keys.map((k) => k.address)).toEqual([K.block.b58, K.k33.b58]);
    await second.stop();
  });

  it("a chain made with the spec's older masks keeps them after the defaults became mainnet's: stored operations never change", async () => {
    const dbFile = join(dir, 'masks.sqlite');
    const older = { ACTIVE_DEFAULT_OPERATIONS: DEFAULT_ACTIVE_OPERATIONS_HEX, AVAILABLE_CONTRACT_TYPE: AVAILABLE_CONTRACT_TYPES_HEX };
    const first = await startNode({ dbFile, genesisJson: { ...DEFAULT_GENESIS_JSON, parameters: older } });
    const friend = newKey();
    expect((await sendTransfer(first, K.alice, friend.hex, 3n * SUN)).reply.result).toBe(true);
    await first.block();
    expect((await first.account(friend.b58)).active_permission[0].operations).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
    await first.stop();

    // Reopened with no genesis, under today's defaults (mainnet's masks): the stored chain keeps its own.
    const second = await startNode({ dbFile, firstBlock: false, startAt: T0 + 60_000 });
    try {
      expect((await second.account(friend.b58)).active_permission[0].operations).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
      expect((await second.account(K.alice.b58)).active_permission[0].operations).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
      const later = newKey();
      expect((await sendTransfer(second, K.bob, later.hex, 3n * SUN)).reply.result).toBe(true);
      await second.block();
      expect((await second.account(later.b58)).active_permission[0].operations).toBe(DEFAULT_ACTIVE_OPERATIONS_HEX);
      // FreezeBalanceV2 (54) is still not a contract type this chain knows.
      const stake = { type: 'Active', threshold: 1, operations: encodeOperationsHex(['FreezeBalanceV2Contract']), keys: [{ address: K.alice.hex, weight: 1 }] };
      expect(await second.post('/wallet/accountpermissionupdate', permissionUpdateBody(K.alice, [stake]))).toEqual({
        Error: VALIDATE + "54 isn't a validate ContractType",
      });
    } finally {
      await second.stop();
    }
  });

  it('keeps the state in memory without a file', async () => {
    const node = await startNode();
    try {
      expect(node.devnet.chain.store.db.pragma('journal_mode', { simple: true })).toBe('memory');
    } finally {
      await node.stop();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// npm run devnet

describe('npm run devnet (devnet/cli.ts)', () => {
  it('prints its URL, the accounts with balances and TEST ONLY keys, and stops cleanly on SIGTERM; --db survives a restart', async () => {
    const db = join(dir, 'cli.sqlite');
    const run = runDevnetCli(['--port', '0', '--block-interval', 'manual', '--db', db, '--quiet']);
    const [, url] = await run.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await run.waitFor(/Stop with Ctrl-C/);
    const text = run.output();
    expect(text).toMatch(new RegExp(`alice\\s+${K.alice.b58}\\s+100000\\s+coin \\(100000000000 sun\\)`));
    expect(text).toContain('TEST ONLY');
    expect(text).toContain(K.alice.priv);
    expect(text).toContain(`${K.block.b58}  ${K.block.priv}  (localexecutive)`);
    const produced = (await (await fetch(`${url}/devnet/produceblock`, { method: 'POST' })).json()) as Json;
    expect(produced.number).toBe(1);
    run.child.kill('SIGTERM');
    expect(await run.exit).toBe(0);
    expect(run.output()).toContain('SIGTERM: stopping the devnet');

    const again = runDevnetCli(['--port', '0', '--block-interval', 'manual', '--db', db, '--quiet']);
    const [, url2] = await again.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    await again.waitFor(/head #1/);
    const head = (await (await fetch(`${url2}/wallet/getnowblock`)).json()) as Json;
    expect(head.blockID).toBe(produced.id);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  });

  it('refuses a bad flag with the usage text and exit code 2', async () => {
    const run = runDevnetCli(['--port', 'eighty']);
    expect(await run.exit).toBe(2);
    expect(run.output()).toContain('--port: expected 0-65535, got eighty');
    expect(run.output()).toContain('usage: npm run devnet');
  });
});
