/**
 * `airlock keys ledger add [--account N | --path P] [--label L]` and `airlock keys ledger show
 * TXID` (docs/decisions.md §23): add a key held on a Ledger, its address confirmed on the device's screen, and
 * print what the device will show for a stored transaction (its screens in order, the settings it
 * needs and why, or why it cannot sign it) before anyone signs on it. Signing on the device is
 * `airlock sign TXID --key ADDR` (cli/queue-commands.ts); the transport is the setting `airlock
 * settings set ledger usb|speculos:http://127.0.0.1:PORT`.
 *
 * Invariant: the commands only call the station's methods; nothing secret passes through here.
 */
import type { Command } from 'commander';
import type { Station } from '../station/station.ts';
import type { LedgerPlanView } from '../station/keys/ledger-keys.ts';
import { wholeNumber } from './args.ts';
import type { CliIo } from './io.ts';
import { plain } from './station-text.ts';
import type { Done } from './station.ts';

/** The plan in lines: screens, settings needed, the hash to compare, or the refusal. */
export function ledgerPlanText(p: LedgerPlanView): string {
  if (p.mode === 'refused') return `The Ledger cannot sign ${p.txId}: ${p.refusal}`;
  const lines = [
    p.mode === 'hash'
      ? `The device will show only this hash: compare it with the screen.\n  ${p.hash}`
      : `The device will show the transaction in full (${p.apdus} command${p.apdus === 1 ? '' : 's'}):`,
    ...p.screens.map((s) => `  ${s.title}: ${plain(s.value)}`),
  ];
  if (p.needs.length > 0) lines.push("Turn on in the TRON app's Settings:", ...p.needs.map((n) => `  ${n.name}: ${n.why}`));
  if (p.keys.length > 0) lines.push(`Ledger keys here that can sign it: ${p.keys.map((k) => `${k.address} (${k.path})`).join(', ')}`);
  return lines.join('\n');
}

export function ledgerCommands(keys: Command, io: CliIo, open: () => Station, done: Done): void {
  const ledger = keys.command('ledger').description('keys held on a Ledger: add one, show what the device will show');
  ledger
    .command('add')
    .option('--account <n>', "the account index: the key at 44'/195'/N'/0/0 (default 0)")
    .option('--path <path>', "a derivation path under 44'/195' instead of --account")
    .option('--label <label>')
    .action(async (o: { account?: string; path?: string; label?: string }) => {
      const s = open();
      io.stderr(`Confirm the address on the Ledger's screen (the ledger setting: ${s.settings().ledger}).\n`);
      const k = await s.keysLedgerAdd({
        ...(o.account !== undefined && {
          account: wholeNumber(o.account, '--account', 'keys ledger add', { min: 0, max: 2_147_483_647, hint: 'an account index' }),
        }),
        ...(o.path !== undefined && { path: o.path }),
        ...(o.label !== undefined && { label: o.label }),
      });
      done(k, k.text);
    });
  ledger
    .command('show')
    .argument('<txid>')
    .action((txId: string) => {
      const p = open().ledgerPlan({ txId });
      done(p, ledgerPlanText(p));
    });
}

/** Before `sign --key ADDR` with a Ledger key: what to check on the device, on stderr. */
export function ledgerSignNotice(s: Station, io: CliIo, txId: string, key: string): void {
  const k = s.keysList().keys.find((x) => x.address === key || x.hex === key.toLowerCase());
  if (k?.vault !== 'ledger') return;
  let plan: LedgerPlanView;
  try {
    plan = s.ledgerPlan({ txId });
  } catch {
    return; // sign itself says what is wrong with the txID
  }
  io.stderr(`${ledgerPlanText(plan)}\nSign on the Ledger (${k.device?.path}) when it asks.\n`);
}
