/**
 * Permission analysis and the permission update (docs/decisions.md §10 lockout guard): `permissionCheck` checks a
 * proposed update without building it, `knownSigners` lists the keys the guard counts as seen, and
 * `buildPermissionUpdate` builds one only after the guard passes.
 *
 * Invariants: the guard runs before anything is built: an update after which nobody listed can
 * reach the owner threshold is refused, and one that leaves the owner reachable only by keys this
 * station has never seen sign (signers-seen.ts) is refused unless `acceptRisk` is
 * `owner-unseen-keys`; an accepted risk is written to the audit log. An update that gives the
 * executive permission (a producer's block key) a key it does not have is built only when the caller
 * says the producing node holds it (`executiveKeyHeld`), which the audit log records too.
 * Whether the account is an executive is the station's copy's word when it has one, not the JSON's.
 */
import { fromBinary } from '@bufbuild/protobuf';
import { AccountSchema, type Account } from '../../shared/gen/protocol/core_pb.ts';
import { AccountPermissionUpdateContractSchema, type AccountPermissionUpdateContract } from '../../shared/gen/protocol/contract_pb.ts';
import { addressToBase58, type Address } from '../../shared/chain/address.ts';
import { accountPermissionsFromAccount, type AccountPermissions } from '../../shared/approval/authorization.ts';
import { bytesToHex } from '../../shared/base/bytes.ts';
import { fail } from '../../shared/base/errors.ts';
import { defaultExecutivePermission, validatePermissionUpdate } from '../../shared/contracts/permission/rules.ts';
import {
  checkPermissionUpdate,
  enforceExecutiveKeyHeld,
  enforceLockout,
  executiveKeysAdded,
  type PermissionCheckView,
} from '../../shared/approval/permission-check.ts';
import { lockoutCheck } from '../../shared/approval/lockout.ts';
import type { StationContext } from '../core/context.ts';
import { noCopyOfAccount, type BuildOptions, type TransactionMaker } from '../core/transaction-maker.ts';
import type { BuildView } from '../core/views.ts';
import { signersSeen } from '../core/signers-seen.ts';
import { contractFromJson } from '../../shared/chain/dialect.ts';
import { contractJsonValue } from '../core/contract-json.ts';
import { permissionIdArg } from '../../shared/chain/input.ts';
import { readBeforeShowing } from '../core/fresh-account.ts';

export interface KnownSignerView {
  address: string;
  local: boolean;
  signed: boolean;
  proved: boolean;
}

export function permissionsFeature(ctx: StationContext, maker: TransactionMaker) {
  /**
   * An account's permissions as stored, the executive one as the node reads it: an executive
   * account without one signs its blocks with its own address's key (the default permission). The
   * editor's diff and the block-key rule read the same copy.
   */
  const permissionsNow = (account: Account): AccountPermissions => {
    const now = accountPermissionsFromAccount(account);
    return account.isExecutive && now.executive === undefined ? { ...now, executive: defaultExecutivePermission(account.address) } : now;
  };
  /**
   * The stored copy of `owner`'s permissions (permissionsNow), null without one. Its executive
   * permission is there exactly when the account is an executive; without a copy, every executive
   * key of an update counts as new.
   */
  const storedPermissions = (owner: Address): AccountPermissions | null => {
    const stored = owner.length === 21 ? ctx.store.getAccount(owner) : null;
    return stored ? permissionsNow(fromBinary(AccountSchema, stored.account)) : null;
  };
  return {
    /** The addresses the lockout guard counts as seen, with why: `local` (held here), `signed` and/or `proved`. */
    knownSigners(): { signers: KnownSignerView[] } {
      const { local, signed, proved } = signersSeen(ctx.store);
      const byHex = new Map<string, KnownSignerView>();
      const entry = (a: Address) => {
        const hex = bytesToHex(a);
        let e = byHex.get(hex);
        if (!e) byHex.set(hex, (e = { address: addressToBase58(a), local: false, signed: false, proved: false }));
        return e;
      };
      for (const a of local) entry(a).local = true;
      for (const a of signed) entry(a).signed = true;
      for (const a of proved) entry(a).proved = true;
      return { signers: [...byHex.values()].sort((x, y) => (x.address < y.address ? -1 : x.address > y.address ? 1 : 0)) };
    },

    /**
     * A proposed permission update checked without building it: the node's rules, the diff against
     * the stored account, the fee under the signing permission (`permissionId`, default the owner),
     * and the lockout verdict. The account must be stored (fetched or from a snapshot).
     */
    async permissionCheck(args: { json: unknown; permissionId?: string | number }): Promise<PermissionCheckView & { accountRead: string }> {
      const c = contractFromJson<AccountPermissionUpdateContract>(AccountPermissionUpdateContractSchema, contractJsonValue(args.json), 'permission-update');
      const owner = c.ownerAddress;
      if (owner.length !== 21) fail('BAD_ADDRESS', 'permission-update.owner_address: not an address', { field: 'owner_address' });
      const permissionId = permissionIdArg(args.permissionId);
      // docs/decisions.md §24: online, the diff and the verdict are against the account as the chain has it now.
      const accountRead = (await readBeforeShowing(ctx, owner)).text;
      const r = ctx.store.getAccount(owner);
      if (!r) fail('NOT_FOUND', `owner_address: ${noCopyOfAccount(owner)}`, { field: 'owner_address' });
      const account = fromBinary(AccountSchema, r.account);
      const current = permissionsNow(account);
      const signing = maker.permissionOf(owner, permissionId, undefined);
      const { local, seen } = signersSeen(ctx.store);
      const check = checkPermissionUpdate(c, {
        account: owner,
        current,
        isExecutive: current.executive !== undefined,
        signing,
        knownSigners: seen,
        localKeys: local,
      });
      return { ...check, accountRead };
    },

    /**
     * The node's AccountPermissionUpdateContract JSON, built only after the lockout guard
     * (shared/approval/lockout.ts) passes or its risk is accepted (`acceptRisk: 'owner-unseen-keys'`),
     * and, for a new block key, only when `executiveKeyHeld` says the producing node holds it.
     */
    async buildPermissionUpdate(args: { json: unknown; acceptRisk?: string; executiveKeyHeld?: boolean } & BuildOptions): Promise<BuildView> {
      const c = contractFromJson<AccountPermissionUpdateContract>(AccountPermissionUpdateContractSchema, contractJsonValue(args.json), 'permission-update');
      const stored = storedPermissions(c.ownerAddress);
      // Whether the account is an executive is the stored copy's word, as permissionCheck reads it;
      // without a copy, the JSON's (an executive permission present). The node refuses either way.
      validatePermissionUpdate(c, { isExecutive: stored ? stored.executive !== undefined : c.executive !== undefined });
      const { local, seen } = signersSeen(ctx.store);
      enforceLockout(lockoutCheck(c, { knownSigners: seen, localKeys: local }), args.acceptRisk);
      const newBlockKeys = executiveKeysAdded(c, stored);
      enforceExecutiveKeyHeld(newBlockKeys, args.executiveKeyHeld);
      const { acceptRisk, executiveKeyHeld: _held, ...options } = args;
      const built = await maker.buildCall({ type: 'AccountPermissionUpdateContract', value: c }, c.ownerAddress, options);
      if (acceptRisk !== undefined) {
        ctx.store.appendAudit({ action: 'lockout.accept-risk', subject: built.txId, details: { risk: acceptRisk } });
      }
      if (newBlockKeys.length > 0) {
        ctx.store.appendAudit({ action: 'permission.executive-key-held', subject: built.txId, details: { keys: newBlockKeys } });
      }
      return built;
    },
  };
}
