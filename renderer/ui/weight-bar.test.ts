// @vitest-environment jsdom
/**
 * The weight bar (renderer/ui/WeightBar.svelte, docs/decisions.md §9): collected weight of the
 * threshold as a meter and in words; capped at the threshold; no made-up threshold when unknown.
 */
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import WeightBar from './WeightBar.svelte';

afterEach(cleanup);

describe('WeightBar', () => {
  it('shows the collected weight of the threshold as a meter and in words', () => {
    render(WeightBar, { props: { weight: '1', threshold: '2' } });
    const meter = screen.getByRole('meter');
    expect(meter.getAttribute('max')).toBe('2');
    expect(meter.getAttribute('value')).toBe('1');
    expect(meter.getAttribute('aria-label')).toBe('signature weight collected: 1 of 2');
    expect(screen.getByText('1 of 2')).toBeTruthy();
  });

  it('fills the bar at most to the threshold, but the words keep the real weight', () => {
    render(WeightBar, { props: { weight: '5', threshold: '3' } });
    expect(screen.getByRole('meter').getAttribute('value')).toBe('3');
    expect(screen.getByText('5 of 3')).toBeTruthy();
  });

  it('draws no bar when the threshold is unknown, and says so', () => {
    render(WeightBar, { props: { weight: '1', threshold: null } });
    expect(screen.queryByRole('meter')).toBeNull();
    expect(screen.getByText('weight 1, threshold unknown')).toBeTruthy();
  });
});
