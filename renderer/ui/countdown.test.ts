// @vitest-environment jsdom
/**
 * The countdown to expiry (renderer/ui/Countdown.svelte, docs/decisions.md §9): time left in words,
 * a warning (in words, not colour alone) below an hour, "expired" once past; it follows the clock.
 */
import { cleanup, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { afterEach, describe, expect, it } from 'vitest';
import Countdown from './Countdown.svelte';
import { EXPIRY_WARNING_MS } from '../../shared/base/limits.ts';

afterEach(cleanup);

const NOW = Date.UTC(2026, 0, 1);
const MIN = 60_000;

describe('Countdown', () => {
  it('says the time left, with no warning while more than an hour remains', () => {
    render(Countdown, { props: { expiration: NOW + 3 * 60 * MIN + 5 * MIN, now: NOW } });
    const timer = screen.getByRole('timer');
    expect(timer.textContent!.trim()).toBe('3 h 05 min left');
    expect(timer.classList.contains('warning')).toBe(false);
  });

  it('turns into a warning below the warning time, in words', () => {
    render(Countdown, { props: { expiration: NOW + EXPIRY_WARNING_MS - MIN, now: NOW } });
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toContain('expires soon: 59 min 00 s left');
    expect(timer.classList.contains('warning')).toBe(true);
  });

  it('counts nothing once the transaction is with the node (broadcast, confirmed, failed)', () => {
    for (const status of ['broadcast', 'confirmed', 'failed']) {
      render(Countdown, { props: { expiration: NOW + 30 * MIN, now: NOW, status } });
      expect(screen.queryByRole('timer')).toBeNull();
      expect(document.body.textContent).toContain(`no countdown: ${status}`);
      expect(document.body.textContent).not.toContain('expires soon');
      cleanup();
    }
    render(Countdown, { props: { expiration: NOW + 30 * MIN, now: NOW, status: 'collecting' } });
    expect(screen.getByRole('timer').textContent).toContain('expires soon');
  });

  it('says expired once the time has passed', () => {
    render(Countdown, { props: { expiration: NOW - 90_000, now: NOW } });
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toContain('expired 1 min 30 s ago');
    expect(timer.classList.contains('expired')).toBe(true);
  });

  it('follows the clock: the same transaction crosses into the warning as now moves', async () => {
    const { rerender } = render(Countdown, { props: { expiration: NOW + 2 * EXPIRY_WARNING_MS, now: NOW } });
    expect(screen.getByRole('timer').classList.contains('warning')).toBe(false);
    await rerender({ expiration: NOW + 2 * EXPIRY_WARNING_MS, now: NOW + EXPIRY_WARNING_MS + 1 });
    flushSync();
    expect(screen.getByRole('timer').classList.contains('warning')).toBe(true);
  });
});
