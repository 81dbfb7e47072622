// @vitest-environment jsdom
/**
 * The status badge (renderer/ui/StatusBadge.svelte, docs/decisions.md §18): every status of the station's
 * TX_STATUSES shows as its word, readable by a screen reader, and each has a shape of its own, so
 * the status is never told by colour alone; a status the renderer does not know still shows its word.
 */
import { cleanup, render } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import { TX_STATUSES } from '../../shared/base/limits.ts';
import StatusBadge from './StatusBadge.svelte';

afterEach(cleanup);

const badgeOf = (status: string): HTMLElement => {
  const { container } = render(StatusBadge, { props: { status } });
  return container.querySelector<HTMLElement>('.status-badge')!;
};

describe('StatusBadge', () => {
  it('shows every status in words, not hidden from screen readers', () => {
    for (const status of TX_STATUSES) {
      const badge = badgeOf(status);
      expect(badge.textContent?.trim()).toBe(status);
      expect(badge.closest('[aria-hidden="true"]')).toBeNull();
      cleanup();
    }
  });

  it('gives each status a shape of its own, so colour is never the only difference', () => {
    const shapes = TX_STATUSES.map((status) => {
      const shape = badgeOf(status).dataset.shape ?? '';
      cleanup();
      return shape;
    });
    expect(shapes.every((s) => s !== '')).toBe(true);
    expect(new Set(shapes).size).toBe(TX_STATUSES.length);
  });

  it('still shows the word of a status it does not know', () => {
    expect(badgeOf('pending').textContent?.trim()).toBe('pending');
  });
});
