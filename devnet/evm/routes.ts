/**
 * The devnet's smart-contract endpoints (docs/decisions.md §17), in the reference node's shapes:
 * `/wallet/triggersmartcontract` (builds an unsigned TriggerSmartContract transaction with its
 * fee_limit), `/wallet/triggerconstantcontract` (runs a call without a transaction: constant_result,
 * energy_used), `/wallet/getcontract`, and the contract parts of gettransactionbyid (contractRet)
 * and gettransactioninfobyid (receipt energy, result, contractResult, contract_address, log).
 *
 * Replies are java-tron's TransactionExtention JSON: `{"result": {"result": true}, ...}` or
 * `{"result": {"code": "CONTRACT_VALIDATE_ERROR", "message": ...}}`, the message hex unless
 * `visible`. Input is read strictly as everywhere in the devnet (a bad address or hex is a 400).
 *
 * Invariant: a constant call never writes state: its run's overlay is dropped (machine.ts), and it
 * is bounded by CONSTANT_CALL_ENERGY_LIMIT energy.
 */
import { create } from '@bufbuild/protobuf';
import { TriggerSmartContractSchema, type TriggerSmartContract } from '../../shared/gen/protocol/smart_contract_pb.ts';
import { addressToBase58 } from '../../shared/chain/address.ts';
import { bytesToHex, utf8ToBytes } from '../../shared/base/bytes.ts';
import { AirlockError } from '../../shared/base/errors.ts';
import { addressInput, hexInput, int32Input, int64Input, objectInput, stringInput } from '../../shared/chain/input.ts';
import { transactionToNodeJson } from '../../shared/chain/transaction.ts';
import { CONSTANT_CALL_ENERGY_LIMIT } from '../../shared/base/limits.ts';
import type { Chain } from '../chain.ts';
import type { StoredTransaction } from '../store.ts';
import { calldataFromSelector } from './abi.ts';
import { evmStoreOf } from './evm-store.ts';
import { runEvm } from './machine.ts';

type Json = Record<string, unknown>;

const TRIGGER_KEYS = [
  'owner_address',
  'contract_address',
  'function_selector',
  'parameter',
  'data',
  'fee_limit',
  'call_value',
  'call_token_value',
  'token_id',
  'Permission_id',
  'permission_id',
  'visible',
];

interface TriggerRequest {
  contract: TriggerSmartContract;
  feeLimit: bigint;
  permissionId: number;
}

/** The node's "field isn't set." refusal (TriggerSmartContractServlet.validateParameter). */
class NotSet extends Error {}

function readTrigger(body: Json): TriggerRequest {
  const b = objectInput(body, 'request body', TRIGGER_KEYS);
  for (const key of ['owner_address', 'contract_address']) {
    if (b[key] === undefined || b[key] === null || b[key] === '') throw new NotSet(`${key} isn't set.`);
  }
  const owner = addressInput(stringInput(b.owner_address, 'owner_address'), 'owner_address');
  const address = addressInput(stringInput(b.contract_address, 'contract_address'), 'contract_address');
  let data: Uint8Array = new Uint8Array(0);
  if (b.function_selector !== undefined && b.function_selector !== null && b.function_selector !== '') {
    const parameter = b.parameter === undefined || b.parameter === null || b.parameter === '' ? '' : bytesToHex(hexInput(b.parameter, 'parameter'));
    data = calldataFromSelector(stringInput(b.function_selector, 'function_selector'), parameter);
  } else if (b.data !== undefined && b.data !== null) {
    data = hexInput(b.data, 'data');
  }
  const int = (key: string): bigint => (b[key] === undefined || b[key] === null ? 0n : int64Input(b[key], key));
  const idKey = b.Permission_id !== undefined ? 'Permission_id' : 'permission_id';
  const permissionId = b[idKey] === undefined || b[idKey] === null ? 0 : int32Input(b[idKey], idKey, { min: 0 });
  return {
    contract: create(TriggerSmartContractSchema, {
      ownerAddress: owner,
      contractAddress: address,
      callValue: int('call_value'),
      data,
      callTokenValue: int('call_token_value'),
      tokenId: int('token_id'),
    }),
    feeLimit: int('fee_limit'),
    permissionId,
  };
}

function refusal(code: string, message: string, visible: boolean): Json {
  return { result: { code, message: visible ? message : bytesToHex(utf8ToBytes(message)) } };
}

/** Runs `fn`, answering the node's refusal shapes for its validation failures and unset fields. */
function answering(visible: boolean, fn: () => Json | Promise<Json>): Json | Promise<Json> {
  const handle = (e: unknown): Json => {
    if (e instanceof NotSet) return refusal('OTHER_ERROR', `class java.security.InvalidParameterException : ${e.message}`, visible);
    if (e instanceof AirlockError && e.code === 'CONTRACT_VALIDATE') return refusal('CONTRACT_VALIDATE_ERROR', e.message, visible);
    throw e;
  };
  try {
    const out = fn();
    return out instanceof Promise ? out.catch(handle) : out;
  } catch (e) {
    return handle(e);
  }
}

function build(chain: Chain, request: TriggerRequest, missingMessage: string): ReturnType<Chain['buildTransaction']> {
  if (!evmStoreOf(chain.store).getContract(request.contract.contractAddress)) {
    throw new AirlockError('CONTRACT_VALIDATE', missingMessage);
  }
  return chain.buildTransaction('TriggerSmartContract', request.contract, {
    permissionId: request.permissionId,
    ...(request.feeLimit !== 0n ? { feeLimit: request.feeLimit } : {}),
  });
}

/** POST /wallet/triggersmartcontract. */
export function triggerSmartContract(chain: Chain, body: Json, visible: boolean): Json | Promise<Json> {
  return answering(visible, () => {
    const tx = build(chain, readTrigger(body), 'No contract or not a valid smart contract');
    return { result: { result: true }, transaction: transactionToNodeJson(tx, { visible }) };
  });
}

/** POST /wallet/triggerconstantcontract: runs the call on a copy of the state, bounded in energy. */
export function triggerConstantContract(chain: Chain, body: Json, visible: boolean): Json | Promise<Json> {
  return answering(visible, async () => {
    const request = readTrigger(body);
    const tx = build(chain, request, 'Smart contract is not exist.');
    const price = chain.params.numeric.ENERGY_FEE;
    let limit = CONSTANT_CALL_ENERGY_LIMIT;
    if (request.feeLimit > 0n && request.feeLimit / price < limit) limit = request.feeLimit / price;
    const head = chain.headBlock();
    const c = request.contract;
    const outcome = await runEvm(chain.store, {
      caller: c.ownerAddress,
      contract: c.contractAddress,
      data: c.data,
      value: c.callValue,
      gasLimit: limit,
      head: { number: head.number, timestampMs: head.timestamp },
    });
    if (outcome.result !== 'SUCCESS' && outcome.result !== 'REVERT') {
      // The node throws the VM's exception out of a constant call: OTHER_ERROR with its words.
      return refusal('OTHER_ERROR', outcome.error ?? outcome.result, visible);
    }
    const reverted = outcome.result === 'REVERT';
    const result: Json = { result: true };
    if (reverted) result.message = visible ? 'REVERT opcode executed' : bytesToHex(utf8ToBytes('REVERT opcode executed'));
    const out: Json = { result, energy_used: outcome.energyUsed, constant_result: [bytesToHex(outcome.returnValue)] };
    if (outcome.logs.length > 0) out.logs = outcome.logs;
    out.transaction = { ret: [reverted ? { ret: 'FAILED' } : {}], ...transactionToNodeJson(tx, { visible }) };
    return out;
  });
}

/** solc's ABI entry → the node's SmartContract.ABI.Entry JSON (capitalised enum names). */
function abiEntryJson(entry: Record<string, unknown>): Json {
  const cap = (s: unknown): string => (typeof s === 'string' && s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : '');
  const params = (list: unknown): Json[] | undefined =>
    Array.isArray(list) && list.length > 0
      ? (list as Record<string, unknown>[]).map((p) => ({ ...(p.indexed ? { indexed: true } : {}), name: p.name, type: p.type }))
      : undefined;
  const out: Json = {};
  if (entry.anonymous) out.anonymous = true;
  if (entry.stateMutability === 'view' || entry.stateMutability === 'pure') out.constant = true;
  if (entry.name) out.name = entry.name;
  const inputs = params(entry.inputs);
  if (inputs) out.inputs = inputs;
  const outputs = params(entry.outputs);
  if (outputs) out.outputs = outputs;
  out.type = cap(entry.type);
  if (entry.stateMutability === 'payable') out.payable = true;
  if (entry.stateMutability) out.stateMutability = cap(entry.stateMutability);
  return out;
}

/** POST/GET /wallet/getcontract: the contract's record ({} when none). */
export function getContract(chain: Chain, body: Json, visible: boolean): Json {
  const address = addressInput(stringInput(body.value, 'value'), 'value');
  const c = evmStoreOf(chain.store).getContract(address);
  if (!c) return {};
  const show = (a: Uint8Array): string => (visible ? addressToBase58(a) : bytesToHex(a));
  return {
    origin_address: show(c.origin),
    contract_address: show(c.address),
    abi: { entrys: (JSON.parse(c.abi) as Record<string, unknown>[]).map(abiEntryJson) },
    bytecode: bytesToHex(c.code),
    consume_user_resource_percent: 100,
    name: c.name,
  };
}

/** Adds a contract call's parts to gettransactioninfobyid's reply `out` (in the node's key order). */
export function addContractInfo(chain: Chain, stored: StoredTransaction, out: Json, receipt: Json): void {
  const r = evmStoreOf(chain.store).getResult(stored.txId);
  if (!r) return;
  out.contractResult = [r.contractResult];
  out.contract_address = r.contractAddress;
  if (r.energyUsage !== undefined) receipt.energy_usage = BigInt(r.energyUsage);
  if (r.energyFee !== '0') receipt.energy_fee = BigInt(r.energyFee);
  if (r.energyUsageTotal !== '0') receipt.energy_usage_total = BigInt(r.energyUsageTotal);
  receipt.result = r.result;
  out.receipt = receipt;
  if (r.logs.length > 0) out.log = r.logs;
  if (r.result !== 'SUCCESS') {
    out.result = 'FAILED';
    out.resMessage = bytesToHex(utf8ToBytes(r.resMessage ?? r.result));
  }
}
