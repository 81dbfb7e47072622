// @vitest-environment jsdom
/**
 * The Stake screen (docs/decisions.md §17 "Builders", UI forms): the reference node's rules show beside the
 * field they name as it is typed, in the node's words (a stake below 1 TRX, a delegation to
 * yourself, a vote of 0, a name over 200 bytes), and clear when fixed; the permission picker lists
 * only the permissions whose operations allow the chosen action's contract, and follows the action;
 * the build call carries the exact sun and vote list shown. Over the real station
 * (test/helpers/real-station.ts) through the real dispatch.
 */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { encodeOperations } from '../../shared/chain/operations.ts';
import StakeScreen from './StakeScreen.svelte';
import { TEST_ADDRESSES } from '../../test/helpers/real-station.ts';
import { realStationState, renderWithStation, type Harness } from '../../test/helpers/renderer/station-harness.ts';
import { field, problemOf, type } from '../../test/helpers/renderer/problem-line.ts';
import { permissionOf, showStoredPermissions } from '../../test/helpers/renderer/account-permissions.ts';

afterEach(cleanup);

const ACCOUNT = TEST_ADDRESSES.M;
const TO = TEST_ADDRESSES.R;

/** Account M as the station shows it, replaced here: owner 0, active 2 "payments" (transfers only), active 3 "staking" (stake and vote). */
function storeAccount(h: Harness): void {
  const one = { threshold: 1n, keys: [TEST_ADDRESSES.A] };
  showStoredPermissions(h, ACCOUNT, [
    permissionOf({ type: 'owner', id: 0, name: 'owner', ...one, threshold: 2n }),
    permissionOf({ type: 'active', id: 2, name: 'payments', ...one, operations: encodeOperations(['TransferContract']) }),
    permissionOf({ type: 'active', id: 3, name: 'staking', ...one, operations: encodeOperations(['FreezeBalanceV2Contract', 'VoteWitnessContract']) }),
  ]);
}

async function setup(options: { stored?: boolean } = {}) {
  const h = await realStationState({ count: 1 });
  if (options.stored) storeAccount(h);
  const seen: unknown[] = [];
  for (const method of ['buildFreeze', 'buildVote', 'buildDelegate'] as const) {
    const real = h.real.handlers[method] as (a: never) => unknown;
    (h.real.handlers as Record<string, unknown>)[method] = (args: never) => {
      seen.push({ method, args });
      return real(args);
    };
  }
  renderWithStation(StakeScreen, h.station);
  return { h, seen };
}

const choose = (action: string) => fireEvent.change(field('Action'), { target: { value: action } });

describe("Stake: the node's rules as you type", () => {
  it('a stake below 1 TRX, and of 0, in the node words beside the amount; cleared when fixed, read back in words', async () => {
    await setup();
    await type('From', ACCOUNT);
    await type('Amount (TRX)', '0.5');
    expect(problemOf('Amount (TRX)')).toBe('frozenBalance must be greater than or equal to 1 TRX');
    expect(field('Amount (TRX)').getAttribute('aria-invalid')).toBe('true');
    await type('Amount (TRX)', '0');
    expect(problemOf('Amount (TRX)')).toBe('frozenBalance must be positive');
    await type('Amount (TRX)', '2.5');
    expect(problemOf('Amount (TRX)')).toBe('');
    expect(screen.getByText('2.5 TRX = 2,500,000 sun')).toBeTruthy();
  });

  it('a delegation to the account itself, and TRON_POWER lent, are refused in the node words', async () => {
    await setup();
    await choose('delegate');
    await type('From', ACCOUNT);
    await type('Amount (TRX)', '5');
    await type('Lend to', ACCOUNT);
    expect(problemOf('Lend to')).toBe('receiverAddress must not be the same as ownerAddress');
    await type('Lend to', TO);
    expect(problemOf('Lend to')).toBe('');
    await fireEvent.change(field('Resource'), { target: { value: 'TRON_POWER' } });
    expect(problemOf('Resource')).toBe('ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]');
  });

  it('a vote of 0 and a vote for something that is not an address name the vote', async () => {
    await setup();
    await choose('vote');
    await type('From', ACCOUNT);
    await type('Vote 1: executive', TO);
    await type('Vote 1: votes', '0');
    expect(document.getElementById('stake-votes-problem')!.textContent).toBe('vote count must be greater than 0');
    await type('Vote 1: executive', 'Tnope');
    expect(document.getElementById('stake-votes-problem')!.textContent).toMatch(/^Vote 1: /);
    await type('Vote 1: executive', TO);
    await type('Vote 1: votes', '10');
    expect(document.getElementById('stake-votes-problem')!.textContent).toBe('');
  });

  it('an account name over 200 bytes is "Invalid accountName"; 200 pass', async () => {
    await setup();
    await choose('account-name');
    await type('From', ACCOUNT);
    await type('Account name', 'é'.repeat(101));
    expect(problemOf('Account name')).toBe('Invalid accountName');
    await type('Account name', 'é'.repeat(100));
    expect(problemOf('Account name')).toBe('Public on chain; the node sets a name once.');
  });
});

describe('Stake: the permission picker offers only what allows the contract', () => {
  it('stake lists owner and "staking", not "payments"; claiming rewards lists the owner alone', async () => {
    await setup({ stored: true });
    await type('From', ACCOUNT);
    const select = await waitFor(() => {
      const el = field('Permission');
      expect(el.tagName).toBe('SELECT');
      return el as unknown as HTMLSelectElement;
    });
    expect([...select.options].map((o) => o.textContent)).toEqual(['0 — owner (Owner)', '3 — staking (Active)']);
    await fireEvent.change(select, { target: { value: '3' } });
    await choose('withdraw-rewards');
    await waitFor(() => expect([...(field('Permission') as unknown as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['0 — owner (Owner)']));
    // The choice moved to a permission that allows it.
    expect((field('Permission') as unknown as HTMLSelectElement).value).toBe('0');
  });

  it('says which permissions are left out and why, and follows the action (issue 18)', async () => {
    await setup({ stored: true });
    await type('From', ACCOUNT);
    const missing = () => document.getElementById('stake-permission-missing')?.textContent ?? null;
    await waitFor(() =>
      expect(missing()).toBe('Not offered: 2 “payments”: its operations do not include “Stake”, so the chain would refuse it signed under it.'),
    );
    expect(field('Permission').getAttribute('aria-describedby')).toContain('stake-permission-missing');
    await choose('withdraw-rewards');
    await waitFor(() =>
      expect(missing()).toMatch(
        /^Not offered: 2 “payments”, 3 “staking”: their operations do not include “Reward claim”, so the chain would refuse it signed under them\.$/,
      ),
    );
  });
});

describe('Stake: building', () => {
  it('a stake carries the exact sun and the resource chosen', async () => {
    const { seen } = await setup();
    await type('From', ACCOUNT);
    await type('Amount (TRX)', '1,234.000001');
    await fireEvent.change(field('Resource'), { target: { value: 'BANDWIDTH' } });
    await fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen).toEqual([{ method: 'buildFreeze', args: { from: ACCOUNT, amount: '1234000001', resource: 'BANDWIDTH', permissionId: 0 } }]);
  });

  it('does not carry a field, Expires in or Note across builds: the next draft starts empty', async () => {
    const { seen } = await setup();
    await choose('delegate');
    await type('From', ACCOUNT);
    await type('Amount (TRX)', '5');
    await type('Lend to', TO);
    await type('Expires in', '20s');
    await type('Note', 'lend');
    await fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    await waitFor(() => expect(field('Expires in').value).toBe(''));
    expect([field('Note').value, field('Amount (TRX)').value, field('Lend to').value]).toEqual(['', '', '']);
    await type('Amount (TRX)', '6');
    await type('Lend to', TO);
    await fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen).toEqual([
      { method: 'buildDelegate', args: { from: ACCOUNT, to: TO, amount: '5000000', resource: 'ENERGY', permissionId: 0, expiresIn: '20s', note: 'lend' } },
      { method: 'buildDelegate', args: { from: ACCOUNT, to: TO, amount: '6000000', resource: 'ENERGY', permissionId: 0 } },
    ]);
  });

  it('a vote carries the list as shown; nothing is sent while a vote has a problem', async () => {
    const { seen } = await setup();
    await choose('vote');
    await type('From', ACCOUNT);
    await type('Vote 1: executive', TO);
    await type('Vote 1: votes', '0');
    await fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    expect(seen).toEqual([]);
    await type('Vote 1: votes', '7');
    await fireEvent.click(screen.getByRole('button', { name: 'Add a vote' }));
    await type('Vote 2: executive', TEST_ADDRESSES.A);
    await type('Vote 2: votes', '3');
    await fireEvent.click(screen.getByRole('button', { name: 'Build' }));
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen).toEqual([
      {
        method: 'buildVote',
        args: {
          from: ACCOUNT,
          votes: [
            { executive: TO, count: '7' },
            { executive: TEST_ADDRESSES.A, count: '3' },
          ],
          permissionId: 0,
        },
      },
    ]);
  });
});
