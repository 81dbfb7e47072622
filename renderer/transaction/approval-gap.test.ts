// @vitest-environment jsdom
/**
 * The transaction screen says why it cannot count the weight (docs/decisions.md §18: a token issue built under
 * an active permission limited to transfers was shown as "the station does not know the account's
 * permissions"). Since docs/decisions.md §17 no build or import stores such a transaction, but a station built
 * before it holds them: the test puts one in the real store as that version did (a token issue
 * from a real devnet under an active 2 that may only send coins, with that permission stored
 * beside it). The screen must say the permission cannot run it and what to do, and keep "does not
 * know" for a transaction whose permission the station really lacks.
 */
import { create, toBinary } from '@bufbuild/protobuf';
import { cleanup, screen, waitFor } from '@testing-library/svelte';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { KeySchema, PermissionSchema, PermissionType } from '../../shared/gen/protocol/core_pb.ts';
import { hexToBytes } from '../../shared/base/bytes.ts';
import { parseAddress } from '../../shared/chain/address.ts';
import TransactionScreen from './TransactionScreen.svelte';
import { realStationState, renderWithStation } from '../../test/helpers/renderer/station-harness.ts';
import { TEST_NOW } from '../../test/helpers/real-station.ts';
import {
  assetIssueBody,
  buildAndSend,
  funded,
  newKey,
  permissionUpdateBody,
  startNode,
  TRANSFER_ONLY_OPS,
  type Json,
  type TestKey,
  type TestNode,
} from '../../test/helpers/devnet-helpers.ts';

afterEach(cleanup);

let node: TestNode;
let owner: TestKey;
let tokenIssue: Json;
let stranger: Json;
beforeAll(async () => {
  node = await startNode({ startAt: TEST_NOW - 60_000 });
  owner = await funded(node);
  const active = { type: 'Active', id: 2, permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys: [{ address: owner.hex, weight: 1 }] };
  const { reply } = await buildAndSend(node, '/wallet/accountpermissionupdate', permissionUpdateBody(owner, [active]), [owner]);
  expect(reply.result).toBe(true);
  await node.block();
  const sale = { start: TEST_NOW + 3_600_000, end: TEST_NOW + 7_200_000 };
  tokenIssue = await node.post('/wallet/createassetissue', assetIssueBody(owner, 'Limited', sale, { Permission_id: 2 }));
  expect(tokenIssue.Error).toBeUndefined();
  // An account no station fetched: its transfer's permission is unknown.
  stranger = await node.transfer(await funded(node), newKey().hex, 1);
});
afterAll(() => node?.stop());

async function open(txId: string, h: Awaited<ReturnType<typeof realStationState>>) {
  h.station.router.openTransaction(txId);
  renderWithStation(TransactionScreen, h.station);
  await waitFor(() => expect(h.station.transaction.tx).not.toBeNull());
}

/** The token issue as a station before docs/decisions.md §17 stored it: built here, with the transfer-only active 2 it counts against. */
async function openLegacy() {
  const h = await realStationState({ count: 0, node: node.url });
  const active = create(PermissionSchema, {
    type: PermissionType.Active,
    id: 2,
    permissionName: 'pay',
    threshold: 1n,
    operations: hexToBytes(TRANSFER_ONLY_OPS),
    keys: [create(KeySchema, { address: parseAddress(owner.b58), weight: 1n })],
  });
  h.real.store.insertTransaction({
    txId: hexToBytes(tokenIssue.txID as string),
    raw: hexToBytes(tokenIssue.raw_data_hex as string),
    kind: 'AssetIssueContract',
    account: parseAddress(owner.b58),
    permissionId: 2,
    expiration: tokenIssue.raw_data.expiration as number,
    permission: toBinary(PermissionSchema, active),
    origin: 'built-observed',
  });
  await open(tokenIssue.txID as string, h);
}

describe('why the weight cannot be counted', () => {
  it('a permission whose operations leave the contract out is named, with what to do; never "does not know"', async () => {
    await openLegacy();
    expect(
      screen.getByText(
        'Permission 2 of this account cannot run a token issue: its operations do not include it. No signature can make this transaction valid: discard it and build it again under a permission that allows it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/does not know/)).toBeNull();
    // The next step says the same, from the station: no signature helps, discard and rebuild.
    expect(document.querySelector('.next-step')!.textContent).toContain(
      'no signature can make it valid (permission 2 of this account cannot run a token issue: its operations do not include it): discard it and build it again',
    );
  });

  it('a transaction whose permission the station lacks still says so, and how to learn it', async () => {
    const h = await realStationState({ count: 0, node: node.url });
    const [result] = (await h.real.handlers.importFiles({ files: [{ name: 'tx.json', text: JSON.stringify(stranger) }] })).results;
    await open(result!.txId, h);
    expect(screen.getByText(/^This station does not know the permission the signers count against/)).toBeTruthy();
  });
});
