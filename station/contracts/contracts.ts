/**
 * The station's list of smart contracts (docs/decisions.md §17 "Smart-contract calls"): add a contract by address
 * with a name and an imported ABI, list them, remove one. When the node answers, a contract's TRC-20
 * symbol, name and decimals are read from it by constant calls (station/node/constant-call.ts) and
 * stored as observed; offline, or for facts a person types, they are stored as claimed. A call to a
 * listed contract is decoded with its ABI and its amounts shown in token units; any other is flagged.
 *
 * Invariants: every argument is checked before anything is stored (the ABI is read strictly by
 * shared/contracts/abi-types.ts and stored as re-written from that reading); a claim never replaces
 * TRC-20 facts this station observed from the node (provenance.ts); each change is audited by the
 * store; every text in a view is escaped.
 */
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { AirlockError, fail } from '../../shared/base/errors.ts';
import { escapeText, unsafeCharIn } from '../../shared/base/escape.ts';
import { MAX_ABI_JSON_BYTES, MAX_CONTRACT_NAME_LENGTH, MAX_KNOWN_CONTRACTS, MAX_TRC20_DECIMALS } from '../../shared/base/limits.ts';
import { int32Input, rejectField, addressTextInput, textArg } from '../../shared/chain/input.ts';
import { abiFunctionsFromJson, abiFunctionsToJson } from '../../shared/contracts/abi-types.ts';
import { stringifyJson } from '../../shared/base/json.ts';
import { readTrc20, type Trc20Reading } from '../node/constant-call.ts';
import type { ContractRecord } from '../store/contracts.ts';
import type { Source } from '../store/row-checks.ts';
import type { StationContext } from '../core/context.ts';
import { contractFactsOfRecord, TYPED_BY_USER } from '../core/contract-facts.ts';
import { isObserved, nodeSourceAtHead } from '../core/provenance.ts';
import { sourceView } from '../core/records.ts';

/** A listed contract as the API and the CLI show it. */
export interface ListedContractView {
  address: string;
  /** The station's name for it, escaped; null for none. */
  name: string | null;
  /** Signatures of the imported ABI's functions (beside the TRC-20 ones every station knows). */
  functions: string[];
  trc20: { symbol: string | null; name: string | null; decimals: number | null; observed: boolean; fromNode: boolean; source: string } | null;
  storedAt: number;
}

function contractView(r: ContractRecord): ListedContractView {
  const f = contractFactsOfRecord(r);
  return {
    address: addressToBase58(r.address),
    name: f.name === null ? null : escapeText(f.name),
    functions: f.functions.map((x) => x.signature),
    trc20:
      f.trc20 === null
        ? null
        : {
            symbol: f.trc20.symbol === null ? null : escapeText(f.trc20.symbol),
            name: f.trc20.name === null ? null : escapeText(f.trc20.name),
            decimals: f.trc20.decimals,
            observed: f.trc20.source === 'observed',
            fromNode: r.source.kind === 'node',
            source: sourceView(r.source).text,
          },
    storedAt: r.storedAt,
  };
}

/** A name a person gives: 1..64 characters, nothing invisible (a bidi override could disguise it). */
function nameArg(value: unknown, field: string): string {
  const name = textArg(value, field, MAX_CONTRACT_NAME_LENGTH).trim();
  const bad = unsafeCharIn(name);
  if (bad !== null) rejectField(field, `holds ${bad}, a control or invisible character`);
  return name;
}

/** The station's own text for facts a person typed: a claim, like a file's. */
const TYPED: Source = { kind: 'file', file: TYPED_BY_USER };

export function contractsFeature(ctx: StationContext) {
  /** The TRC-20 facts from the node, or null offline (a node that answers but refuses the calls gives nulls). */
  const observe = async (address: Address): Promise<(Trc20Reading & { source: Source }) | null> => {
    try {
      const node = await ctx.nodeReady();
      const source = await nodeSourceAtHead(node, ctx.nodeUrl());
      return { ...(await readTrc20(node, address)), source };
    } catch (e) {
      if (e instanceof AirlockError && (e.code === 'NODE_UNREACHABLE' || e.code === 'NODE_TIMEOUT')) return null;
      throw e;
    }
  };

  return {
    /**
     * Adds (or updates) a contract: `abi` is the ABI JSON text, `symbol`/`decimals`/`tokenName` the
     * TRC-20 facts when typed (a claim). Online, the node's answers are stored instead, as observed.
     */
    async contractAdd(args: {
      address: string;
      name?: string;
      abi?: string;
      symbol?: string;
      tokenName?: string;
      decimals?: number | string;
    }): Promise<ListedContractView> {
      const address = addressTextInput(args.address, 'address');
      const existing = ctx.store.getContract(address);
      const name = args.name === undefined ? (existing?.name ?? '') : nameArg(args.name, 'name');
      let abi = existing?.abi ?? '[]';
      if (args.abi !== undefined) {
        const text = textArg(args.abi, 'abi', MAX_ABI_JSON_BYTES);
        abi = stringifyJson(abiFunctionsToJson(abiFunctionsFromJson(text, 'abi')));
      }
      const typed = {
        symbol: args.symbol === undefined ? null : nameArg(args.symbol, 'symbol'),
        tokenName: args.tokenName === undefined ? null : nameArg(args.tokenName, 'token-name'),
        decimals: args.decimals === undefined ? null : int32Input(args.decimals, 'decimals', { min: 0, max: MAX_TRC20_DECIMALS }),
      };
      if (!existing && ctx.store.countContracts() >= MAX_KNOWN_CONTRACTS)
        fail('INVALID_INPUT', `address: this station lists ${MAX_KNOWN_CONTRACTS} contracts already; remove one first`, { field: 'address' });
      const read = await observe(address);
      let facts: { symbol: string | null; tokenName: string | null; decimals: number | null; source: Source };
      // A node that answers none of the three (no EVM, or not a token) observed nothing: a typed claim may stand.
      const observedSome = read !== null && (read.symbol !== null || read.name !== null || read.decimals !== null);
      if (observedSome) facts = { symbol: read.symbol, tokenName: read.name, decimals: read.decimals, source: read.source };
      else if (existing && isObserved(existing.source))
        facts = { symbol: existing.symbol, tokenName: existing.tokenName, decimals: existing.decimals, source: existing.source };
      else if (typed.symbol !== null || typed.tokenName !== null || typed.decimals !== null) facts = { ...typed, source: TYPED };
      else
        facts = existing
          ? { symbol: existing.symbol, tokenName: existing.tokenName, decimals: existing.decimals, source: existing.source }
          : { ...typed, source: TYPED };
      return contractView(ctx.store.putContract({ address, name, abi, ...facts }));
    },

    /** Every listed contract, by name. */
    contractList(): { contracts: ListedContractView[] } {
      return { contracts: ctx.store.listContracts().map(contractView) };
    },

    contractRemove(args: { address: string }): { address: string; removed: true } {
      const address = addressTextInput(args.address, 'address');
      if (!ctx.store.removeContract(address))
        fail('NOT_FOUND', `address: ${addressToBase58(address)} is not in this station's list of contracts`, { field: 'address' });
      return { address: addressToBase58(address), removed: true };
    },
  };
}
