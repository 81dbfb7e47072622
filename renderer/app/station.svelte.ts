/**
 * All of the renderer's state in one object, handed to every screen through Svelte's context
 * (context.ts): the API client, the clock and one state module per screen. main.ts makes it over
 * the real client (connectStation); tests make it over a client of a real test station.
 */
import type { ApiClient } from '../../shared/api/api-contract.ts';
import type { StationApi } from '../../shared/api/station-api.ts';
import { Clock } from './clock.svelte.ts';
import { KeysState } from '../keys/keys.svelte.ts';
import { PermissionsState } from '../permissions/permissions.svelte.ts';
import { ProofsState } from '../permissions/proofs.svelte.ts';
import { QueueState } from '../queue/queue.svelte.ts';
import { Router } from './router.svelte.ts';
import { SettingsState } from '../settings/settings.svelte.ts';
import { TransactionState } from '../transaction/transaction.svelte.ts';
import { AddressBookState } from '../address-book/address-book.svelte.ts';
import { BatchState } from '../batch/batch.svelte.ts';
import { SendState } from '../send/send.svelte.ts';
import { StakeState } from '../stake/stake.svelte.ts';
import { AccountsState } from '../accounts/accounts.svelte.ts';
import { VaultState } from '../keys/vault.svelte.ts';
import { TokensState } from '../tokens/tokens.svelte.ts';
import { ContractsState } from '../contracts/contracts.svelte.ts';
import { LiveState } from './live.svelte.ts';

export interface StationState {
  client: ApiClient<StationApi>;
  clock: Clock;
  /** The one poll every screen follows, the accounts the pickers show, the last-built links' transactions (live.svelte.ts). */
  live: LiveState;
  router: Router;
  queue: QueueState;
  transaction: TransactionState;
  keys: KeysState;
  settings: SettingsState;
  send: SendState;
  stake: StakeState;
  batch: BatchState;
  tokens: TokensState;
  contracts: ContractsState;
  permissions: PermissionsState;
  accounts: AccountsState;
  addressBook: AddressBookState;
  vault: VaultState;
  proofs: ProofsState;
}

export function createStationState(station: ApiClient<StationApi>, clock: Clock = new Clock()): StationState {
  // Every module talks through the vault's watch, so any answer VAULT_LOCKED opens the passphrase prompt.
  const vault = new VaultState(station);
  const watched = vault.watch(station);
  // docs/decisions.md §26: after Discard, Send still offered "Open the transaction" for the discarded draft. A
  // discard the station made clears every screen's last build of that transaction.
  const client: ApiClient<StationApi> = {
    ...watched,
    discard: async (args) => {
      const answer = await watched.discard(args);
      if (answer.ok) {
        const gone = args.txId.toLowerCase();
        if (state.send.last?.txId.toLowerCase() === gone) state.send.last = null;
        if (state.stake.last?.txId.toLowerCase() === gone) state.stake.last = null;
        state.live.gone(gone);
      }
      return answer;
    },
  };
  const live = new LiveState(client, clock);
  const state: StationState = {
    client,
    clock,
    live,
    router: new Router(),
    queue: new QueueState(client),
    transaction: new TransactionState(client),
    keys: new KeysState(client),
    settings: new SettingsState(client),
    send: new SendState(client, live),
    stake: new StakeState(client, live),
    batch: new BatchState(client, live),
    tokens: new TokensState(client),
    contracts: new ContractsState(client, live),
    permissions: new PermissionsState(client),
    accounts: new AccountsState(client),
    addressBook: new AddressBookState(client),
    vault,
    proofs: new ProofsState(client, clock),
  };
  return state;
}
