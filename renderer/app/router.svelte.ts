/**
 * Which screen is shown (docs/decisions.md §9). Kept in memory rather than in the URL: the page's fragment
 * carries the bridge token on first load (renderer/app/api-client.ts), and nothing here needs to
 * survive a reload.
 */
export type Screen =
  | 'queue'
  | 'transaction'
  | 'keys'
  | 'settings'
  | 'send'
  | 'stake'
  | 'batch'
  | 'tokens'
  | 'contracts'
  | 'permissions'
  | 'accounts'
  | 'addressBook'
  | 'scan'
  | 'overview';

export class Router {
  screen = $state<Screen>('queue');
  txId = $state<string | null>(null);

  go(screen: Screen): void {
    this.screen = screen;
  }

  /** The account the account, overview and permission-editor screens show (docs/decisions.md §10). */
  account = $state<string | null>(null);

  openAccount(address: string, screen: Screen): void {
    this.account = address;
    this.screen = screen;
  }

  openTransaction(txId: string): void {
    this.txId = txId;
    this.screen = 'transaction';
  }
}
