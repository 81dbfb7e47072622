/**
 * The TRC-20 builders (docs/decisions.md §17 "Builders": TRC-20 transfer and approve): a TriggerSmartContract
 * whose call data is the ABI encoding of transfer(to, value) or approve(spender, value)
 * (shared/contracts/smart-contract.ts buildTrc20Call), with a fee limit (default
 * DEFAULT_TRC20_FEE_LIMIT_SUN, at most MAX_FEE_LIMIT_SUN), made and stored like every other build
 * by the transaction maker (TaPoS online or from a snapshot, the permission it counts against).
 *
 * Invariants: every field is checked before anything is stored. An amount is read in whole tokens
 * only when the token's decimals are known (listed contract, read from the node or claimed, which
 * the view says); otherwise it must be given in smallest units, so a person never signs 10^12 times
 * what they meant. What the view flags (an unlimited or large approval, a contract not in the list)
 * comes back among the build's warnings; an approval above the holder's balance read from the node
 * now is flagged too.
 */
import { AirlockError } from '../../shared/base/errors.ts';
import { amountInput } from '../../shared/base/amount.ts';
import { DEFAULT_TRC20_FEE_LIMIT_SUN, MAX_FEE_LIMIT_SUN } from '../../shared/base/limits.ts';
import { rejectField, addressTextInput } from '../../shared/chain/input.ts';
import { tokenUnitsInput } from '../../shared/contracts/abi-amount.ts';
import { trc20Amount } from '../../shared/contracts/abi-words.ts';
import { buildTrc20Call } from '../../shared/contracts/smart-contract.ts';
import { formatGrouped } from '../../shared/base/amount.ts';
import { readTrc20Balance } from '../node/constant-call.ts';
import type { StationContext } from '../core/context.ts';
import { contractFactsOfRecord } from '../core/contract-facts.ts';
import type { BuildOptions, TransactionMaker } from '../core/transaction-maker.ts';
import type { BuildView } from '../core/views.ts';
import { proposeFeeLimit, type FeeLimitProposal } from './trc20-fee-limit.ts';

export interface Trc20BuildArgs extends BuildOptions {
  from: string;
  /** The token's contract address. */
  token: string;
  amount: string;
  /** `tokens` (default): whole tokens with the token's decimals; `smallest`: smallest units. */
  units?: 'tokens' | 'smallest';
  /** In TRX, like the node's fee_limit in sun / 10^6; default 100 TRX. */
  feeLimit?: string;
}

/** The fee limit in sun from TRX text: more than 0, at most the node's maximum. */
export function feeLimitArg(value: string | undefined): bigint {
  if (value === undefined) return DEFAULT_TRC20_FEE_LIMIT_SUN;
  const sun = amountInput(value, 6, 'fee-limit');
  if (sun > MAX_FEE_LIMIT_SUN) rejectField('fee-limit', `at most ${formatGrouped(MAX_FEE_LIMIT_SUN, 6)} TRX (the node refuses a larger fee_limit)`);
  return sun;
}

export function trc20BuildsFeature(ctx: StationContext, maker: TransactionMaker) {
  /** The call `args` asks for, every field checked (the fee limit apart). */
  const callOf = (fn: 'transfer' | 'approve', args: Omit<Trc20BuildArgs, 'feeLimit'> & { to: string }, toField: string) => {
    const from = addressTextInput(args.from, 'from');
    const token = addressTextInput(args.token, 'token');
    const to = addressTextInput(args.to, toField);
    if (args.units !== undefined && args.units !== 'tokens' && args.units !== 'smallest') rejectField('units', 'expected tokens or smallest');
    const record = ctx.store.getContract(token);
    const facts = record && contractFactsOfRecord(record);
    const decimals = args.units === 'smallest' ? 0 : facts?.trc20?.decimals;
    if (decimals === undefined || decimals === null) {
      rejectField(
        'amount',
        "the token's decimals are not known here: add the contract to the station's list while the node answers (so they are read from it), or give the amount in smallest units",
      );
    }
    const units = tokenUnitsInput(args.amount, decimals, 'amount', { allowUnlimited: fn === 'approve' });
    return { from, token, facts, units, contract: buildTrc20Call({ function: fn, owner: from, contract: token, to, units }) };
  };

  const build = async (fn: 'transfer' | 'approve', args: Trc20BuildArgs & { to: string }, toField: string): Promise<BuildView> => {
    const { from, token, facts, units, contract } = callOf(fn, args, toField);
    const feeLimit = feeLimitArg(args.feeLimit);
    const extra: string[] = [];
    if (fn === 'approve') {
      try {
        const balance = await readTrc20Balance(await ctx.nodeReady(), token, from);
        if (units > balance)
          extra.push(`Large approval: ${trc20Amount(facts, units)} is more than the ${trc20Amount(facts, balance)} the account holds now (read from the node)`);
      } catch (e) {
        // Offline or a token without balanceOf: the view's bound still flags a large approval.
        if (!(e instanceof AirlockError) || !e.code.startsWith('NODE_')) throw e;
      }
    }
    const built = await maker.buildCall({ type: 'TriggerSmartContract', value: contract }, from, args, feeLimit);
    const flagged = built.transaction.view.warnings.map((w) => w.text);
    return { ...built, warnings: [...built.warnings, ...flagged, ...extra] };
  };

  return {
    /** A TRC-20 transfer of `amount` of `token` from `from` to `to`. */
    async buildTrc20Transfer(args: Trc20BuildArgs & { to: string }): Promise<BuildView> {
      return build('transfer', args, 'to');
    },
    /** A TRC-20 approval: `spender` may spend `amount` (or `unlimited`) of `from`'s `token`. */
    async buildTrc20Approve(args: Trc20BuildArgs & { spender: string }): Promise<BuildView> {
      return build('approve', { ...args, to: args.spender }, 'spender');
    },
    /** docs/decisions.md §25: the fee limit proposed for a TRC-20 transfer or approval, from the node's energy estimate (trc20-fee-limit.ts). */
    async trc20FeeLimit(args: Omit<Trc20BuildArgs, 'feeLimit'> & { to: string; kind: 'transfer' | 'approve' }): Promise<FeeLimitProposal> {
      if (args?.kind !== 'transfer' && args?.kind !== 'approve') rejectField('kind', 'expected transfer or approve');
      const { from, contract } = callOf(args.kind, args, args.kind === 'transfer' ? 'to' : 'spender');
      return proposeFeeLimit(ctx, from, contract);
    },
  };
}
