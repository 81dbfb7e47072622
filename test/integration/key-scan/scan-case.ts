/**
 * The shape of the key-bytes scan's cases, and what several share (test/integration/station-api-key-scan.test.ts): one file
 * per feature table of shared/api/tables/, each answering a case for exactly the methods of its table
 * (a missing or a foreign method does not compile), so adding a method to a table adds its case
 * beside the cases of the same feature.
 */
import type { ACCOUNTS_API } from '../../../shared/api/tables/accounts.ts';
import type { ADDRESS_BOOK_API } from '../../../shared/api/tables/address-book.ts';
import type { BUILD_API } from '../../../shared/api/tables/build.ts';
import type { CONTRACTS_API } from '../../../shared/api/tables/contracts.ts';
import type { EXPORTERS_API } from '../../../shared/api/tables/exporters.ts';
import type { KEYS_API } from '../../../shared/api/tables/keys.ts';
import type { PERMISSIONS_API } from '../../../shared/api/tables/permissions.ts';
import type { PROOFS_API } from '../../../shared/api/tables/proofs.ts';
import type { SETTINGS_API } from '../../../shared/api/tables/settings.ts';
import type { TOKENS_API } from '../../../shared/api/tables/tokens.ts';
import type { TRANSACTIONS_API } from '../../../shared/api/tables/transactions.ts';
import { TRANSFER_ONLY_OPS, type TestKey, type TestNode } from '../../helpers/devnet-helpers.ts';

/** Each feature table by the name of its file. */
interface FeatureTables {
  settings: typeof SETTINGS_API;
  keys: typeof KEYS_API;
  'address-book': typeof ADDRESS_BOOK_API;
  proofs: typeof PROOFS_API;
  exporters: typeof EXPORTERS_API;
  accounts: typeof ACCOUNTS_API;
  tokens: typeof TOKENS_API;
  contracts: typeof CONTRACTS_API;
  permissions: typeof PERMISSIONS_API;
  build: typeof BUILD_API;
  transactions: typeof TRANSACTIONS_API;
}

export interface ScanCase {
  /** `ok`: the call must succeed here; `any`: a coded error is a fine answer too (it is scanned the same). */
  expect: 'ok' | 'any';
  args: () => unknown;
  /** Runs first: moves the devnet's clock where a case needs it. */
  before?: () => Promise<void>;
  /** Keeps what later cases need from this answer. */
  keep?: (value: Record<string, unknown>) => void;
  /** Runs after every other feature's cases (it removes what others use). */
  last?: boolean;
}

/** Exactly one case per method of the feature's table. */
export type ScanCases<F extends keyof FeatureTables> = { [M in keyof FeatureTables[F]]: ScanCase };

/** What the cases share: the station's keys and node, and what earlier answers left for later cases. */
export interface ScanContext {
  holder: TestKey;
  to: TestKey;
  extra: TestKey;
  node: TestNode;
  passphrase: string;
  /** Another station's identity (a public key), for the pin and unpin cases. */
  otherExporter: string;
  got: {
    challenge?: string;
    proof?: { fileName: string; text: string };
    newKey?: string;
    txId?: string;
    spareTxId?: string;
    /** The fresh transaction reissue made of the spare (the spare itself is discarded next). */
    reissuedTxId?: string;
    handoff?: { fileName: string; text: string };
    snapshot?: { fileName: string; text: string };
  };
}

/** A permission update (node JSON) giving the holder's key alone the owner and a transfer-only active. */
export function holderOnlyUpdate(t: ScanContext): string {
  const keys = [{ address: t.holder.b58, weight: 1 }];
  return JSON.stringify({
    owner_address: t.holder.b58,
    owner: { type: 'Owner', permission_name: 'owner', threshold: 1, keys },
    actives: [{ type: 'Active', permission_name: 'pay', threshold: 1, operations: TRANSFER_ONLY_OPS, keys }],
    visible: true,
  });
}
