// The devnet builds blocks as java-tron does (devnet/blocks.ts, docs/decisions.md §24): a station recomputes each
// block's transaction root from the node's JSON and recovers the producer's block key from the
// header; the solidity endpoints stop at head minus the confirmation depth.
import { afterEach, describe, expect, it } from 'vitest';
import { addressFromBase58, addressToHex } from '../shared/chain/address.ts';
import { bytesToHex } from '../shared/base/bytes.ts';
import { blockFromJson, headerSigner } from '../shared/chain/block.ts';
import { K, sendTransfer, startNode, type TestNode } from '../test/helpers/devnet-helpers.ts';

let node: TestNode | undefined;
afterEach(async () => {
  await node?.stop();
  node = undefined;
});

describe('devnet blocks verify as java-tron blocks do', () => {
  it('the root over 3 transactions (an odd leaf carried up), the block id and the block key signature', async () => {
    node = await startNode();
    const sent = [];
    for (const amount of [1, 2, 3]) sent.push((await sendTransfer(node, K.alice, K.bob.hex, amount)).tx.txID as string);
    await node.block();
    const reply = await node.post('/wallet/getnowblock');
    const block = blockFromJson(reply);
    expect(block.transactions.map((t) => bytesToHex(t.txId))).toEqual(sent);
    expect(block.transactions.map((t) => t.result)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    const signer = addressToHex(headerSigner(block.header));
    const info = await node.post('/devnet/info');
    expect(signer).toBe(addressToHex(addressFromBase58(info.blockSigner as string)));
    expect(bytesToHex(block.header.id)).toBe(reply.blockID);
    // getblockbynum answers the same block.
    const byNum = await node.post('/wallet/getblockbynum', { num: block.header.number });
    expect(blockFromJson(byNum).header.id).toEqual(block.header.id);
  });

  it('an empty block has the zero root', async () => {
    node = await startNode();
    await node.block();
    const block = blockFromJson(await node.post('/wallet/getnowblock'));
    expect(block.transactions).toEqual([]);
    expect(bytesToHex(block.header.txTrieRoot)).toBe('00'.repeat(32));
  });
});

describe('the solidified block', () => {
  it('with depth 2, /walletsolidity/* stops two blocks below the head; blocks past it are absent there', async () => {
    node = await startNode({ confirmationDepth: 2 });
    for (let i = 0; i < 4; i++) await node.block();
    const head = (await node.post('/wallet/getnowblock')).block_header.raw_data.number as number;
    const solid = (await node.post('/walletsolidity/getnowblock')).block_header.raw_data.number as number;
    expect(solid).toBe(head - 2);
    expect(await node.post('/walletsolidity/getblockbynum', { num: head })).toEqual({});
    expect(blockFromJson(await node.post('/walletsolidity/getblockbynum', { num: solid })).header.number).toBe(solid);
  });

  it('by default (one executive) the solidified block is the head, as java-tron computes it', async () => {
    node = await startNode();
    await node.block();
    expect((await node.post('/walletsolidity/getnowblock')).blockID).toBe((await node.post('/wallet/getnowblock')).blockID);
  });

  it('a confirmation depth out of range is refused by name', async () => {
    await expect(startNode({ confirmationDepth: -1 })).rejects.toThrow(/confirmationDepth/);
  });
});
