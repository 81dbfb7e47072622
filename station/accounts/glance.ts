/**
 * The account at a glance (docs/decisions.md §25): what the account holds and owes beyond its permissions:
 * balance, TRC-10 holdings, TRC-20 balances of the station's listed contracts, bandwidth (free and
 * staked, used and left) and energy; Stake 2.0 per resource; amounts unstaking with the time each
 * becomes withdrawable, and what can be withdrawn; resources lent out and borrowed, with their locks;
 * votes and the voting power left; unclaimed rewards.
 *
 * Online it is read from the node now (glance-read.ts) and says "read from the node … at block N".
 * When the node does not answer (NODE_UNREACHABLE, NODE_TIMEOUT) it is the glance the station holds
 * from a snapshot (glance-store.ts) and says "claimed, from snapshot of block N" (or observed, when a
 * pinned exporter signed the file), with its age; with none held, the node's error stands, with the
 * way forward.
 *
 * Invariants: the figures of one view come from one reading, at one block, and the view names it
 * (`provenance`, `trust`, `said`); nothing read online is stored (a read is not an import).
 */
import { addressToBase58, parseAddress } from '../../shared/chain/address.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { addressTextInput } from '../../shared/chain/input.ts';
import type { StationContext } from '../core/context.ts';
import { provenanceOf, sourceView } from '../core/records.ts';
import { isObserved } from '../core/provenance.ts';
import { readGlanceFromNode } from './glance-read.ts';
import { getGlance } from './glance-store.ts';
import { glanceView, type AccountGlance, type TokenDescription } from './glance-view.ts';

export function accountGlanceFeature(ctx: StationContext) {
  const describeToken = (id: string): TokenDescription => {
    const t = ctx.store.getToken(id);
    return t ? { name: t.name, symbol: t.abbreviation, decimals: t.precision } : { name: null, symbol: null, decimals: null };
  };
  const describeContract = (address: string): TokenDescription & { label: string | null } => {
    const c = ctx.store.getContract(parseAddress(address));
    if (!c) return { name: null, symbol: null, decimals: null, label: null };
    return { name: c.tokenName, symbol: c.symbol, decimals: c.decimals, label: c.name === '' ? null : c.name };
  };

  /** The glance held from a snapshot, or null. */
  const held = (address: string): AccountGlance | null => {
    const g = getGlance(ctx.store, address);
    if (!g) return null;
    const trust = provenanceOf(g.source, g.at, ctx.now());
    const said = isObserved(g.source)
      ? `observed at block ${g.block}: ${sourceView(g.source).text}`
      : `claimed, from snapshot of block ${g.block} (${sourceView(g.source).text}, not verified by this station)`;
    return glanceView({ address, provenance: { node: g.node, block: g.block, blockTime: g.blockTime }, trust, said }, g.facts, describeToken, describeContract);
  };

  return {
    /** The account at a glance: read from the node now, or, offline, as the newest snapshot that carried it claims. */
    async accountResources(args: { address: string }): Promise<AccountGlance> {
      const target = addressTextInput(args?.address, 'address');
      const address = addressToBase58(target);
      const contracts = ctx.store.listContracts().map((c) => c.address);
      try {
        return await ctx.online(async (node) => {
          const block = await node.latestBlock();
          const facts = await readGlanceFromNode(node, target, block, contracts);
          const source = { kind: 'node' as const, url: ctx.nodeUrl(), blockNumber: block.number };
          return glanceView(
            {
              address,
              provenance: { node: ctx.nodeUrl(), block: block.number, blockTime: block.timestamp },
              trust: provenanceOf(source, ctx.now(), ctx.now()),
              said: `read from the node ${ctx.nodeUrl()} at block ${block.number}`,
            },
            facts,
            describeToken,
            describeContract,
          );
        });
      } catch (e) {
        if (!(e instanceof AirlockError) || (e.code !== 'NODE_UNREACHABLE' && e.code !== 'NODE_TIMEOUT')) throw e;
        const view = held(address);
        if (view) return view;
        fail(e.code, `${e.message}; nor does this station hold a glance of ${address} from a snapshot (import one exported with this account)`, {
          ...e.details,
          field: 'node',
        });
      }
    },
  };
}
