/**
 * The station's list of smart contracts as the shared views read it (docs/decisions.md §17 "Smart-contract
 * calls"): each stored contract (station/store/contracts.ts) turned into ContractFacts
 * (shared/contracts/abi-words.ts) by address hex: its name, its imported ABI's functions and its
 * TRC-20 symbol, name and decimals with their provenance. Read by the transaction book for every
 * view and by the contracts feature; here in core because two features use it.
 *
 * Invariant: a stored ABI that no longer reads (it was checked when stored, so only a damaged
 * database) is shown as no ABI, never half read; the TRC-20 facts are `observed` only when
 * provenance.ts says the source is the node.
 */
import { bytesToHex } from '../../shared/base/bytes.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { abiFunctionsFromJson, type AbiFunction } from '../../shared/contracts/abi-types.ts';
import type { ContractFacts } from '../../shared/contracts/abi-words.ts';
import type { ContractRecord } from '../store/contracts.ts';
import type { Store } from '../store/store.ts';
import { isObserved } from './provenance.ts';

/** The file name the contracts feature records for facts a person typed (a claim, but this station's user's own). */
export const TYPED_BY_USER = 'typed by the user';

/** The functions of a stored ABI, or none when it does not read. */
export function storedFunctions(abi: string): AbiFunction[] {
  try {
    return abiFunctionsFromJson(abi);
  } catch (e) {
    if (e instanceof AirlockError) return [];
    throw e;
  }
}

export function contractFactsOfRecord(r: ContractRecord): ContractFacts {
  const hasToken = r.symbol !== null || r.tokenName !== null || r.decimals !== null;
  return {
    name: r.name === '' ? null : r.name,
    // A name stored with a snapshot's facts (source a file other than the user's typing, or an exporter) came from that file.
    nameClaimed: r.name !== '' && (r.source.kind === 'exporter' || (r.source.kind === 'file' && r.source.file !== TYPED_BY_USER)),
    functions: storedFunctions(r.abi),
    trc20: hasToken ? { symbol: r.symbol, name: r.tokenName, decimals: r.decimals, source: isObserved(r.source) ? 'observed' : 'claimed' } : null,
  };
}

/** Every stored contract's facts, by address hex. */
export function contractFacts(store: Store): Record<string, ContractFacts> {
  const out: Record<string, ContractFacts> = Object.create(null) as Record<string, ContractFacts>;
  for (const r of store.listContracts()) out[bytesToHex(r.address)] = contractFactsOfRecord(r);
  return out;
}
