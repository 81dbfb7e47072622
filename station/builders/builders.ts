/**
 * The builders (docs/decisions.md §7 "build", docs/decisions.md §10 tokens): a transfer, a token transfer, a token purchase
 * and a token issue, each checked field by field and then made and stored by the context's
 * transaction maker (station/core/transaction-maker.ts: TaPoS online or from a snapshot). The
 * permission update is built by station/permissions/, behind the lockout guard.
 *
 * Invariant: every field is checked before anything is stored; a token named by a transfer is
 * remembered (metadata for the handoff file) when a node answers, and offline the build goes on.
 */
import { AssetIssueContractSchema, type AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import { buildParticipate, buildTransferAsset, validateAssetIssue } from '../../shared/contracts/token.ts';
import { buildTransfer } from '../../shared/contracts/transfer.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import type { StationContext } from '../core/context.ts';
import { putTokenWithSale } from '../core/records.ts';
import { nodeSourceAtHead } from '../core/provenance.ts';
import type { BuildOptions, TransactionMaker } from '../core/transaction-maker.ts';
import type { BuildView } from '../core/views.ts';
import { addressTextInput, amountArg, tokenIdInput } from '../../shared/chain/input.ts';
import { contractFromJson } from '../../shared/chain/dialect.ts';
import { contractJsonValue } from '../core/contract-json.ts';

export function buildersFeature(ctx: StationContext, maker: TransactionMaker) {
  /** Token metadata for the handoff file, when a node answers; offline the snapshot's copy serves. */
  const rememberToken = async (id: string): Promise<void> => {
    if (ctx.store.getToken(id)) return;
    try {
      const node = await ctx.nodeReady();
      const source = await nodeSourceAtHead(node, ctx.nodeUrl());
      const { token, sale } = await node.tokenDetails(id);
      putTokenWithSale(ctx.store, token, sale, source);
    } catch (e) {
      if (e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT')) return;
      throw e;
    }
  };

  return {
    async buildTransfer(args: { from: string; to: string; amount: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildTransfer({ owner: from, to: addressTextInput(args.to, 'to'), amount: amountArg(args.amount, 'amount') });
      return maker.buildCall({ type: 'TransferContract', value: c }, from, args);
    },

    async buildTransferAsset(args: { from: string; to: string; token: string; amount: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildTransferAsset({
        owner: from,
        to: addressTextInput(args.to, 'to'),
        tokenId: tokenIdInput(args.token, 'token'),
        amount: amountArg(args.amount, 'amount'),
      });
      await rememberToken(args.token);
      return maker.buildCall({ type: 'TransferAssetContract', value: c }, from, args);
    },

    async buildParticipate(args: { from: string; to: string; token: string; amount: string } & BuildOptions): Promise<BuildView> {
      const from = addressTextInput(args.from, 'from');
      const c = buildParticipate({
        owner: from,
        issuer: addressTextInput(args.to, 'to'),
        tokenId: tokenIdInput(args.token, 'token'),
        amount: amountArg(args.amount, 'amount'),
      });
      await rememberToken(args.token);
      return maker.buildCall({ type: 'ParticipateAssetIssueContract', value: c }, from, args);
    },

    /** The node's AssetIssueContract JSON (hex addresses, or Base58 with `"visible": true`). */
    async buildAssetIssue(args: { json: unknown } & BuildOptions): Promise<BuildView> {
      const c = contractFromJson<AssetIssueContract>(AssetIssueContractSchema, contractJsonValue(args.json), 'asset-issue');
      validateAssetIssue(c);
      return maker.buildCall({ type: 'AssetIssueContract', value: c }, c.ownerAddress, args);
    },
  };
}
