/**
 * An editable draft of an account's permissions (docs/decisions.md §10 "Permission editor"): every field as the
 * person typed it (names, thresholds, weights, addresses; operations as a set of contract names),
 * made from the account's current permissions, and `checkDraft`, which returns every broken rule's
 * message keyed by the draft's field path (`actives.1.keys.2.weight`) and, when nothing is broken,
 * the AccountPermissionUpdateContract and its node JSON (what `buildPermissionUpdate` takes).
 *
 * The node's rules are NOT repeated here: the typed text is turned into a contract and
 * shared/contracts/permission/rules.ts `permissionUpdateIssues` (the same rules `validatePermissionUpdate` throws
 * on, PROTOCOL.md §5) reports them. This file adds only what text brings: a number that is not a
 * number, an address that is not an address (or is a private key pasted in the wrong place), an
 * unknown contract name, and a name with hidden characters (control or bidi: Airlock does not
 * write names that display differently from what they say).
 *
 * Invariant: pure (no DOM, no node:*); a message never quotes what was typed in an address field.
 */
import { create } from '@bufbuild/protobuf';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../../gen/protocol/contract_pb.ts';
import { KeySchema, PermissionSchema, PermissionType, type Permission } from '../../gen/protocol/core_pb.ts';
import { addressToBase58, isAddressBytes, parseAddress, type Address } from '../../chain/address.ts';
import { bytesToHex, hexToBytes } from '../../base/bytes.ts';
import { contractTypeName, parseContractType } from '../../chain/contract-types.ts';
import { AirlockError } from '../../base/errors.ts';
import { hasUnsafeText } from '../../base/escape.ts';
import { isPrivateKeyText } from '../../base/secrets.ts';
import { INT64_MAX } from '../../base/int64.ts';
import { stringifyJson } from '../../base/json.ts';
import { messageToNodeJson } from '../../chain/node-json.ts';
import { encodeOperationBits, hasOperation, OPERATIONS_LENGTH } from '../../chain/operations.ts';
import {
  defaultOwnerPermission,
  EXECUTIVE_PERMISSION_ID,
  FIRST_ACTIVE_PERMISSION_ID,
  OWNER_PERMISSION_ID,
  permissionUpdateIssues,
  type PermissionUpdateContext,
} from './rules.ts';
import type { PermissionSet } from './diff.ts';
import { MAX_DRAFT_LIST, MAX_DRAFT_TEXT } from '../../base/limits.ts';
import { badArgument } from '../../chain/input.ts';

export interface KeyDraft {
  address: string;
  weight: string;
}

export interface PermissionDraft {
  name: string;
  threshold: string;
  keys: KeyDraft[];
  /** Contract names (`TransferContract`), actives only; owner and executive have none. */
  operations: string[];
}

export interface AccountDraft {
  /** The account whose permissions change (Base58). */
  account: string;
  owner: PermissionDraft;
  /** Only for an executive (block producer) account, which must keep one. */
  executive: PermissionDraft | null;
  actives: PermissionDraft[];
}

export interface DraftIssue {
  /** The draft's field path: `account`, `owner.threshold`, `actives.1.keys.2.weight`, `actives`. */
  field: string;
  message: string;
}

export interface DraftCheck {
  issues: DraftIssue[];
  /** The contract, when there is no issue. */
  contract: AccountPermissionUpdateContract | null;
  /** The contract as the node's JSON text (Base58, `"visible": true`), when there is no issue. */
  json: string | null;
}

export type DraftContext = Pick<PermissionUpdateContext, 'isExecutive' | 'availableContractTypes' | 'maxKeys'>;

// ---------------------------------------------------------------------------------------------
// Making a draft

/**
 * The set bits as contract names, and a bit that names no contract type this version knows as its
 * number ("60"): kept, so re-stating a permission read from the chain keeps every bit (docs/decisions.md §17).
 */
function operationList(p: Pick<Permission, 'operations'>): string[] {
  const names: string[] = [];
  const bits = Math.min(p.operations.length, OPERATIONS_LENGTH) * 8;
  for (let i = 0; i < bits; i++) {
    if (hasOperation(p.operations, i)) names.push(contractTypeName(i) ?? String(i));
  }
  return names;
}

function keyText(address: Uint8Array): string {
  return isAddressBytes(address) ? addressToBase58(address) : '';
}

/** One permission as a draft. */
export function permissionDraft(p: Permission): PermissionDraft {
  return {
    name: p.permissionName,
    threshold: p.threshold.toString(),
    keys: p.keys.map((k) => ({ address: keyText(k.address), weight: k.weight.toString() })),
    operations: p.type === PermissionType.Active ? operationList(p) : [],
  };
}

/** The draft of an account's current permissions; a missing owner is the default one the node uses. */
export function draftFromPermissions(account: Address, current: PermissionSet): AccountDraft {
  return {
    account: addressToBase58(account),
    owner: permissionDraft(current.owner ?? defaultOwnerPermission(account)),
    executive: current.executive ? permissionDraft(current.executive) : null,
    actives: current.actives.map(permissionDraft),
  };
}

/** The part of the station's AccountView (shared/api/station-api.ts ACCOUNT_VIEW) a draft is made from. */
export interface AccountViewPermissions {
  address: string;
  permissions: ReadonlyArray<{
    slot: 'owner' | 'executive' | 'active';
    id: number;
    name: string;
    threshold: string;
    keys: ReadonlyArray<{ address: { hex: string }; weight: string }>;
    operations: { hex: string } | null;
  }>;
}

/**
 * The permissions of an AccountView as messages, for the diff. Names arrive escaped in a view
 * (shared/views/view.ts), so a name with hidden characters comes back as its escaped text.
 */
export function permissionsFromAccountView(view: AccountViewPermissions): PermissionSet {
  const toMessage = (p: AccountViewPermissions['permissions'][number]): Permission =>
    create(PermissionSchema, {
      type: p.slot === 'owner' ? PermissionType.Owner : p.slot === 'executive' ? PermissionType.Executive : PermissionType.Active,
      id: p.id,
      permissionName: p.name,
      threshold: BigInt(p.threshold),
      operations: p.operations ? hexToBytes(p.operations.hex, 'operations') : new Uint8Array(),
      keys: p.keys.map((k) => create(KeySchema, { address: hexToBytes(k.address.hex, 'address'), weight: BigInt(k.weight) })),
    });
  const owner = view.permissions.find((p) => p.slot === 'owner');
  const executive = view.permissions.find((p) => p.slot === 'executive');
  return {
    ...(owner && { owner: toMessage(owner) }),
    ...(executive && { executive: toMessage(executive) }),
    actives: view.permissions.filter((p) => p.slot === 'active').map(toMessage),
  };
}

/** The draft of the permissions an AccountView shows. */
export function draftFromAccountView(view: AccountViewPermissions): AccountDraft {
  return draftFromPermissions(parseAddress(view.address, 'account'), permissionsFromAccountView(view));
}

/** A new active for the editor's "Add active": threshold 1, one key (the account's own unless given), no operations chosen yet. */
export function newActiveDraft(address = ''): PermissionDraft {
  return { name: 'active', threshold: '1', keys: [{ address, weight: '1' }], operations: [] };
}

// ---------------------------------------------------------------------------------------------
// Checking a draft

/** `actives[1].keys[0].weight` (permission.ts) → `actives.1.keys.0.weight` (the draft's path). */
export function draftField(contractField: string): string {
  return contractField
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\.permission_name$/, '.name')
    .replace(/^owner_address$/, 'account');
}

interface Parsed<T> {
  value: T;
  ok: boolean;
}

function parseKeyAddress(text: string, field: string, issues: DraftIssue[]): Parsed<Uint8Array> {
  const t = text.trim();
  let message: string | undefined;
  if (t.length === 0) message = 'enter an address (T… or 41…)';
  else if (isPrivateKeyText(t)) message = 'this is 64 hex digits, the length of a PRIVATE KEY, not an address: never paste a private key here';
  else {
    try {
      return { value: parseAddress(t, 'address'), ok: true };
    } catch (e) {
      if (!(e instanceof AirlockError)) throw e;
      message = `not an address: ${e.message.replace(/^address: /, '')}`;
    }
  }
  issues.push({ field, message });
  return { value: new Uint8Array(), ok: false };
}

/** int64 decimal text; anything else is an issue (and stands in as 1, whose node rules are then not shown). */
function parseInt64(text: string, field: string, what: string, issues: DraftIssue[]): Parsed<bigint> {
  const t = text.trim();
  if (!/^-?[0-9]{1,19}$/.test(t)) {
    issues.push({ field, message: t.length === 0 ? `enter the ${what}` : `the ${what} is a whole number` });
    return { value: 1n, ok: false };
  }
  const n = BigInt(t);
  if (n > INT64_MAX || n < -INT64_MAX - 1n) {
    issues.push({ field, message: `the ${what} is at most ${INT64_MAX}` });
    return { value: 1n, ok: false };
  }
  return { value: n, ok: true };
}

/** The mask an operations list means, in hex, or null when one of its names is no contract type (the editor shows it as typed). */
export function draftOperationsHex(names: string[]): string | null {
  const issues: DraftIssue[] = [];
  const mask = parseOperations(names, 'operations', issues);
  return issues.length > 0 ? null : bytesToHex(mask);
}

function parseOperations(names: string[], field: string, issues: DraftIssue[]): Uint8Array {
  const ids: number[] = [];
  names.forEach((name, i) => {
    // A bit by number is kept as it is, known type or not: whether the node offers it is rule 12's.
    if (/^[0-9]{1,3}$/.test(name) && Number(name) < OPERATIONS_LENGTH * 8) {
      ids.push(Number(name));
      return;
    }
    try {
      ids.push(parseContractType(name, `operation ${i + 1}`));
    } catch (e) {
      if (!(e instanceof AirlockError)) throw e;
      issues.push({ field, message: `operation ${i + 1} is not a contract type name` });
    }
  });
  return encodeOperationBits(ids);
}

function checkShape(draft: unknown): asserts draft is AccountDraft {
  const text = (v: unknown, field: string): void => {
    if (typeof v !== 'string' || v.length > MAX_DRAFT_TEXT) badArgument(`checkDraft: ${field} must be text of at most ${MAX_DRAFT_TEXT} characters`, field);
  };
  const list = (v: unknown, field: string): unknown[] => {
    if (!Array.isArray(v) || v.length > MAX_DRAFT_LIST) badArgument(`checkDraft: ${field} must be a list of at most ${MAX_DRAFT_LIST}`, field);
    return v;
  };
  const permission = (p: unknown, field: string): void => {
    if (typeof p !== 'object' || p === null) badArgument(`checkDraft: ${field} must be a permission draft`, field);
    const d = p as Record<string, unknown>;
    text(d.name, `${field}.name`);
    text(d.threshold, `${field}.threshold`);
    list(d.keys, `${field}.keys`).forEach((k, i) => {
      if (typeof k !== 'object' || k === null) badArgument(`checkDraft: ${field}.keys.${i} must be a key draft`, `${field}.keys.${i}`);
      text((k as Record<string, unknown>).address, `${field}.keys.${i}.address`);
      text((k as Record<string, unknown>).weight, `${field}.keys.${i}.weight`);
    });
    list(d.operations, `${field}.operations`).forEach((o, i) => text(o, `${field}.operations.${i}`));
  };
  if (typeof draft !== 'object' || draft === null) badArgument('checkDraft: expected a draft', 'draft');
  const d = draft as Record<string, unknown>;
  text(d.account, 'account');
  permission(d.owner, 'owner');
  if (d.executive !== null && d.executive !== undefined) permission(d.executive, 'executive');
  list(d.actives, 'actives').forEach((a, i) => permission(a, `actives.${i}`));
}

function draftPermission(d: PermissionDraft, type: PermissionType, id: number, path: string, issues: DraftIssue[]): Permission {
  if (hasUnsafeText(d.name)) issues.push({ field: `${path}.name`, message: 'the name has control or bidi characters, which would hide what it says' });
  const threshold = parseInt64(d.threshold, `${path}.threshold`, 'threshold', issues);
  const keys = d.keys.map((k, i) => {
    const address = parseKeyAddress(k.address, `${path}.keys.${i}.address`, issues);
    const weight = parseInt64(k.weight, `${path}.keys.${i}.weight`, 'weight', issues);
    return create(KeySchema, { address: address.value, weight: weight.value });
  });
  return create(PermissionSchema, {
    type,
    id,
    permissionName: d.name,
    threshold: threshold.value,
    parentId: 0,
    operations: type === PermissionType.Active ? parseOperations(d.operations, `${path}.operations`, issues) : new Uint8Array(),
    keys,
  });
}

/**
 * Every broken rule of the draft, keyed by its field, in the node's order after the typing issues;
 * the contract and its JSON when there are none. A node rule at a field whose text did not parse
 * is left out (it would be about the stand-in value, not what was typed), and so is the
 * sum-of-weights rule of a permission with a weight that did not parse.
 */
export function checkDraft(draft: AccountDraft, ctx: DraftContext): DraftCheck {
  checkShape(draft);
  const issues: DraftIssue[] = [];
  const account = parseKeyAddress(draft.account, 'account', issues);
  const contract = create(AccountPermissionUpdateContractSchema, {
    ownerAddress: account.value,
    owner: draftPermission(draft.owner, PermissionType.Owner, OWNER_PERMISSION_ID, 'owner', issues),
    executive: draft.executive ? draftPermission(draft.executive, PermissionType.Executive, EXECUTIVE_PERMISSION_ID, 'executive', issues) : undefined,
    actives: draft.actives.map((a, i) => draftPermission(a, PermissionType.Active, FIRST_ACTIVE_PERMISSION_ID + i, `actives.${i}`, issues)),
  });
  const typed = new Set(issues.map((i) => i.field));
  const unparsedWeights = new Set(issues.filter((i) => /\.keys\.\d+\.weight$/.test(i.field)).map((i) => i.field.replace(/\.keys\.\d+\.weight$/, '')));
  for (const issue of permissionUpdateIssues(contract, { ...ctx, accountExists: true })) {
    const field = draftField(issue.field);
    if (typed.has(field)) continue;
    if (field.endsWith('.threshold') && issue.message.startsWith('sum of all') && unparsedWeights.has(field.replace(/\.threshold$/, ''))) continue;
    issues.push({ field, message: issue.message });
  }
  if (issues.length > 0) return { issues, contract: null, json: null };
  const json = { ...messageToNodeJson(AccountPermissionUpdateContractSchema, contract, { visible: true }), visible: true };
  return { issues, contract, json: stringifyJson(json) };
}

/** The messages at one field (for the message next to it). */
export function issuesAt(check: Pick<DraftCheck, 'issues'>, field: string): string[] {
  return check.issues.filter((i) => i.field === field).map((i) => i.message);
}
