// @vitest-environment jsdom
/**
 * The provenance badge (renderer/ui/ProvenanceBadge.svelte, docs/decisions.md §16): an observation reads plainly,
 * a file's claim is marked as an unverified claim naming the file, an unknown source says so, and
 * old data says how many days old it is. A file name with a bidi override is escaped.
 */
import { cleanup, render, screen } from '@testing-library/svelte';
import { afterEach, describe, expect, it } from 'vitest';
import type { Provenance } from '../../shared/api/provenance-schema.ts';
import ProvenanceBadge from './ProvenanceBadge.svelte';

afterEach(cleanup);

const DAY = 24 * 60 * 60 * 1000;
const observed: Provenance = {
  trust: 'observed',
  text: 'observed from node http://127.0.0.1:8090 at block 12',
  file: null,
  at: 1,
  ageMs: 60_000,
  age: '1 min',
  stale: false,
};
const claimed: Provenance = {
  trust: 'claimed',
  text: 'claimed by file snap.json (unverified)',
  file: 'snap.json',
  at: 1,
  ageMs: 60_000,
  age: '1 min',
  stale: false,
};

describe('ProvenanceBadge', () => {
  it('shows an observation plainly, with its age, and no warning', () => {
    const { container } = render(ProvenanceBadge, { props: { provenance: observed } });
    expect(container.textContent?.replace(/\s+/g, ' ').trim()).toBe('observed from node http://127.0.0.1:8090 at block 12, 1 min old');
    expect(screen.queryByRole('note')).toBeNull();
    expect(container.textContent).not.toContain('⚠');
  });

  it("marks a file's claim as an unverified claim naming the file", () => {
    render(ProvenanceBadge, { props: { provenance: claimed, what: 'Weights counted against' } });
    expect(screen.getByRole('note').textContent).toBe('Weights counted against: ⚠ unverified claim from file snap.json');
  });

  it('says so when the source is unknown', () => {
    render(ProvenanceBadge, {
      props: { provenance: { ...claimed, trust: 'unknown', file: null, text: 'unknown: no source', at: null, ageMs: null, age: null } },
    });
    expect(screen.getByRole('note').textContent).toBe('⚠ unknown: no source');
  });

  it('flags stale data by its age in days, under two days in hours', () => {
    const { container } = render(ProvenanceBadge, { props: { provenance: { ...observed, ageMs: 26_700 * DAY, age: '26700 d', stale: true } } });
    expect(container.querySelector('.old')?.textContent).toBe('⚠ 26700 days old');
    cleanup();
    const again = render(ProvenanceBadge, { props: { provenance: { ...claimed, ageMs: DAY + 3_600_000, age: '25 h', stale: true } } });
    expect(again.container.querySelector('.old')?.textContent).toBe('⚠ 25 hours old');
  });

  it('escapes a file name that holds a bidi override', () => {
    render(ProvenanceBadge, { props: { provenance: { ...claimed, file: 'evil\u202Egpj.json' } } });
    const text = screen.getByRole('note').textContent ?? '';
    expect(text).not.toContain('\u202E');
    expect(text).toContain('evil');
  });
});
