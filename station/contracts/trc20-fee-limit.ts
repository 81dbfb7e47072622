/**
 * The fee limit proposed for a TRC-20 call before it is built (docs/decisions.md §25, "the TRC-20 form proposes a
 * fee limit from the estimate"): the energy the node's constant call of the very call uses, priced
 * at the chain's energy price (getchainparameters getEnergyFee), plus FEE_LIMIT_MARGIN_PERCENT,
 * rounded up to whole sun; with the node and block it was read at, and the same in words.
 *
 * Invariants: online only (a constant call cannot run offline: the refusal says so in words); every
 * number the node answers is a claim checked by the estimate's readers (costParameters) or here
 * (a whole number of energy); nothing is built or stored.
 */
import { addressToHex, type Address } from '../../shared/chain/address.ts';
import { fail } from '../../shared/base/errors.ts';
import { formatUnits } from '../../shared/base/display.ts';
import { FEE_LIMIT_MARGIN_PERCENT, MAX_FEE_LIMIT_SUN } from '../../shared/base/limits.ts';
import { costParameters, proposedFeeLimit } from '../../shared/approval/costs.ts';
import type { TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import type { StationContext } from '../core/context.ts';
import { constantCallEnergy, readChainParameters } from '../core/cost-facts.ts';

export interface FeeLimitProposal {
  /** Energy the constant call used. */
  energy: string;
  /** sun per unit of energy. */
  energyPrice: string;
  marginPercent: number;
  /** The proposal, sun, and in TRX as the form's field takes it. */
  feeLimit: string;
  feeLimitTrx: string;
  provenance: { node: string; block: number };
  text: string;
}

export async function proposeFeeLimit(ctx: StationContext, from: Address, contract: TriggerSmartContract): Promise<FeeLimitProposal> {
  return ctx.online(async (node) => {
    const block = await node.latestBlock();
    const { parameters } = costParameters(await readChainParameters(node));
    const energy = await constantCallEnergy(node, addressToHex(from), contract);
    if (energy === undefined)
      fail('NODE_REPLY', `the node at ${ctx.nodeUrl()} did not say how much energy the call uses; no fee limit is proposed`, { field: 'node' });
    const full = energy * parameters.energyFee;
    let proposed = proposedFeeLimit(full);
    if (proposed > MAX_FEE_LIMIT_SUN) proposed = MAX_FEE_LIMIT_SUN;
    const trx = formatUnits(proposed, 6);
    return {
      energy: energy.toString(),
      energyPrice: parameters.energyFee.toString(),
      marginPercent: Number(FEE_LIMIT_MARGIN_PERCENT),
      feeLimit: proposed.toString(),
      feeLimitTrx: trx,
      provenance: { node: ctx.nodeUrl(), block: block.number },
      text: `${trx} TRX: ${energy} energy × ${parameters.energyFee} sun (${formatUnits(full, 6)} TRX) + ${FEE_LIMIT_MARGIN_PERCENT}% margin, read from ${ctx.nodeUrl()} at block ${block.number}`,
    };
  });
}
