/**
 * The command line of docs/decisions.md §17's smart-contract part: `airlock contract add ADDRESS [--abi FILE]
 * [--name N] [--symbol S --decimals D]`, `contract list`, `contract remove ADDRESS`, and the TRC-20
 * builds `build trc20-transfer` and `build trc20-approve`. Kept beside cli/station.ts (which is at its
 * size limit) and registered by it, with its `open`, `done` and build helpers, so global options,
 * the JSON view and the build's warnings work as for every other station command.
 *
 * Invariant: the CLI only reads files and arguments and prints; every check is the station's
 * (station/contracts/), so the CLI, the API and the desktop app refuse the same input in the same
 * words. Texts from a contract or a file are printed through `plain` (escaped).
 */
import type { Command } from 'commander';
import { bytesToUtf8 } from '../shared/base/bytes.ts';
import type { Station } from '../station/station.ts';
import type { BuildView } from '../station/core/views.ts';
import type { ListedContractView } from '../station/contracts/contracts.ts';
import { readInputFile, type CliIo } from './io.ts';
import { plain } from './station-text.ts';

interface BuildCommon {
  permissionId?: string;
  expiresIn?: string;
  note?: string;
}

export interface ContractCommandParts {
  io: CliIo;
  open: () => Station;
  done: (json: unknown, text: string) => void;
  /** The `build` command, its common options, their reading, and the printing of a build. */
  build: Command;
  common: (c: Command) => Command;
  buildOpts: (o: BuildCommon) => Record<string, string>;
  built: (b: BuildView) => void;
}

function contractLine(c: ListedContractView): string {
  const token = c.trc20
    ? `TRC-20 ${plain(c.trc20.symbol ?? '(no symbol)')}, ${c.trc20.decimals ?? '?'} decimals (${c.trc20.fromNode ? 'read from the node' : c.trc20.observed ? `observed by a pinned exporter, not this station: ${plain(c.trc20.source)}` : `claimed: ${plain(c.trc20.source)}`})`
    : 'no TRC-20 facts';
  return `${c.address}  ${plain(c.name ?? '(no name)')}  ${token}; ${c.functions.length} imported function(s)`;
}

export function contractCommands(program: Command, p: ContractCommandParts): void {
  const contract = program.command('contract').description("the station's list of smart contracts: add, list, remove");
  contract
    .command('add')
    .argument('<address>')
    .option('--abi <file>', 'the ABI JSON (Solidity output, or the node\'s {"entrys": [...]})')
    .option('--name <name>')
    .option('--symbol <symbol>', 'the TRC-20 symbol, when the node cannot be asked (kept as a claim)')
    .option('--token-name <name>', 'the TRC-20 name, likewise')
    .option('--decimals <n>', 'the TRC-20 decimals, likewise')
    .action(async (address: string, o: { abi?: string; name?: string; symbol?: string; tokenName?: string; decimals?: string }) => {
      const abi = o.abi === undefined ? undefined : bytesToUtf8(await readInputFile(p.io, o.abi, 'ABI file'));
      const c = await p.open().contractAdd({
        address,
        ...(o.name !== undefined && { name: o.name }),
        ...(abi !== undefined && { abi }),
        ...(o.symbol !== undefined && { symbol: o.symbol }),
        ...(o.tokenName !== undefined && { tokenName: o.tokenName }),
        ...(o.decimals !== undefined && { decimals: o.decimals }),
      });
      p.done(c, `Listed ${contractLine(c)}`);
    });
  contract.command('list').action(() => {
    const r = p.open().contractList();
    p.done(r, r.contracts.length === 0 ? 'No contracts listed.' : r.contracts.map(contractLine).join('\n'));
  });
  contract
    .command('remove')
    .argument('<address>')
    .action((address: string) => {
      const r = p.open().contractRemove({ address });
      p.done(r, `Removed ${r.address} from the list.`);
    });

  type Trc20Options = BuildCommon & { from: string; token: string; amount: string; smallestUnits?: boolean; feeLimit?: string };
  const trc20 = (c: Command): Command =>
    p
      .common(c)
      .requiredOption('--from <address>')
      .requiredOption('--token <contract>', "the token's contract address")
      .requiredOption('--amount <amount>', "in whole tokens (the token's decimals must be known), or smallest units with --smallest-units")
      .option('--smallest-units', 'read --amount in the smallest units of the token')
      .option('--fee-limit <trx>', 'the most TRX the call may burn (default 100)');
  const trc20Args = (o: Trc20Options) => ({
    from: o.from,
    token: o.token,
    amount: o.amount,
    ...(o.smallestUnits === true && { units: 'smallest' as const }),
    ...(o.feeLimit !== undefined && { feeLimit: o.feeLimit }),
    ...p.buildOpts(o),
  });
  trc20(p.build.command('trc20-transfer').requiredOption('--to <address>')).action(async (o: Trc20Options & { to: string }) => {
    p.built(await p.open().buildTrc20Transfer({ ...trc20Args(o), to: o.to }));
  });
  trc20(p.build.command('trc20-approve').requiredOption('--spender <address>')).action(async (o: Trc20Options & { spender: string }) => {
    p.built(await p.open().buildTrc20Approve({ ...trc20Args(o), spender: o.spender }));
  });
}
