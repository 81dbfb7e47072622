/**
 * The `airlock build` commands of docs/decisions.md §17 "Builders": `freeze`, `unfreeze`, `delegate`,
 * `undelegate`, `withdraw-unfrozen`, `cancel-unfreeze` (Stake 2.0), `vote`, `withdraw-rewards` and
 * `account-name`. Each parses its options and calls the station's method of the same name
 * (station/builders/staking.ts), which checks every field with the reference node's rules and refuses
 * a permission that does not allow the contract; the command adds nothing but the parsing, so the
 * CLI and the desktop app refuse the same things with the same words.
 *
 * Invariant: a vote list is read whole (`--vote EXECUTIVE=COUNT ...`, or `--vote` repeated) and sent as one list,
 * since a vote replaces the account's earlier votes; a `--vote` that is not `address=count` is
 * refused naming the option, before the station is asked.
 */
import type { Command } from 'commander';
import { fail } from '../shared/base/errors.ts';
import type { Station } from '../station/station.ts';
import type { BuildView } from '../station/core/views.ts';

/** The options every build takes, as commander hands them over. */
export type BuildCommon = { permissionId?: string; expiresIn?: string; note?: string };

export interface BuildPlumbing {
  build: Command;
  /** Adds --permission-id, --expires-in and --note. */
  common: (c: Command) => Command;
  buildOpts: (o: BuildCommon) => BuildCommon;
  built: (b: BuildView) => void;
  open: () => Station;
}

const RESOURCE_HELP = 'BANDWIDTH, ENERGY or TRON_POWER';

/** One `--vote EXECUTIVE=COUNT`; the address and count are checked by the station. */
function voteOf(text: string, i: number): { executive: string; count: string } {
  const at = text.lastIndexOf('=');
  if (at <= 0 || at === text.length - 1) fail('INVALID_INPUT', `--vote ${i + 1}: expected EXECUTIVE=COUNT, such as TXYZ...=100`, { field: 'vote' });
  return { executive: text.slice(0, at), count: text.slice(at + 1) };
}

export function stakingBuildCommands({ build, common, buildOpts, built, open }: BuildPlumbing): void {
  type Stake = BuildCommon & { from: string; amount: string; resource: string };
  const stake = (name: string, what: string) =>
    common(
      build
        .command(name)
        .description(what)
        .requiredOption('--from <address>')
        .requiredOption('--amount <sun>')
        .requiredOption('--resource <name>', RESOURCE_HELP),
    );

  stake('freeze', 'stake TRX for bandwidth or energy (FreezeBalanceV2)').action(async (o: Stake) => {
    built(await open().buildFreeze({ from: o.from, amount: o.amount, resource: o.resource, ...buildOpts(o) }));
  });
  stake('unfreeze', 'start unstaking (UnfreezeBalanceV2); withdraw after the waiting period').action(async (o: Stake) => {
    built(await open().buildUnfreeze({ from: o.from, amount: o.amount, resource: o.resource, ...buildOpts(o) }));
  });
  stake('delegate', "lend a stake's resource to another account (DelegateResource)")
    .requiredOption('--to <address>')
    .option('--lock', 'the owner cannot take it back before the lock period ends')
    .option('--lock-period <blocks>', "with --lock: blocks of 3 s (default: the node's, 3 days)")
    .action(async (o: Stake & { to: string; lock?: boolean; lockPeriod?: string }) => {
      built(
        await open().buildDelegate({
          from: o.from,
          to: o.to,
          amount: o.amount,
          resource: o.resource,
          ...(o.lock === true && { lock: true }),
          ...(o.lockPeriod !== undefined && { lockPeriod: o.lockPeriod }),
          ...buildOpts(o),
        }),
      );
    });
  stake('undelegate', 'take back a resource lent (UnDelegateResource)')
    .requiredOption('--to <address>', 'the account it was lent to')
    .action(async (o: Stake & { to: string }) => {
      built(await open().buildUndelegate({ from: o.from, to: o.to, amount: o.amount, resource: o.resource, ...buildOpts(o) }));
    });

  const ownerOnly = (name: string, what: string, method: 'buildWithdrawUnfrozen' | 'buildCancelUnfreeze' | 'buildWithdrawRewards') =>
    common(build.command(name).description(what).requiredOption('--from <address>')).action(async (o: BuildCommon & { from: string }) => {
      built(await open()[method]({ from: o.from, ...buildOpts(o) }));
    });
  ownerOnly('withdraw-unfrozen', 'withdraw every unstaked amount whose waiting period has passed (WithdrawExpireUnfreeze)', 'buildWithdrawUnfrozen');
  ownerOnly('cancel-unfreeze', 'cancel every pending unstake (CancelAllUnfreezeV2)', 'buildCancelUnfreeze');
  ownerOnly('withdraw-rewards', 'claim the voting and block rewards (WithdrawBalance)', 'buildWithdrawRewards');

  common(
    build
      .command('vote')
      .description("vote for executives (VoteWitness); the list replaces the account's earlier votes")
      .requiredOption('--from <address>')
      .requiredOption('--vote <executive=count...>', 'the votes: EXECUTIVE=COUNT, one per executive (or --vote repeated)'),
  ).action(async (o: BuildCommon & { from: string; vote: string[] }) => {
    built(await open().buildVote({ from: o.from, votes: o.vote.map(voteOf), ...buildOpts(o) }));
  });

  common(
    build.command('account-name').description("set the account's name (AccountUpdate)").requiredOption('--from <address>').requiredOption('--name <text>'),
  ).action(async (o: BuildCommon & { from: string; name: string }) => {
    built(await open().buildAccountName({ from: o.from, name: o.name, ...buildOpts(o) }));
  });
}
