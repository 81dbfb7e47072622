// @vitest-environment jsdom
/**
 * A file as an animated QR code (renderer/ui/QrCodeAnimated.svelte, docs/decisions.md §19): the symbol drawn in
 * the page is read back into modules and decoded (jsqr, test-only) to the file's first UR part in
 * upper case; the frames that follow are further parts of the same transfer, and together they give
 * the file back; the density changes the part count; Pause holds the frame; the read-aloud check
 * is shown when given. Frames advance on fake timers (no timing is asserted).
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import jsQR from 'jsqr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UrAssembler } from '../../shared/files/ur.ts';
import { readAloudChecksum } from '../../shared/views/read-aloud.ts';
import QrCodeAnimated from './QrCodeAnimated.svelte';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TEXT = JSON.stringify({ format: 'airlock.handoff', note: 'x'.repeat(1500) });
const LABEL = 'Animated QR code of the handoff';

/** The text of the symbol drawn in the page, as a camera would read it. */
function shownText(): string {
  const svg = screen.getByRole('img', { name: LABEL });
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 3;
  const px = size * scale;
  const dark = new Set<string>();
  for (const [, x, y, w] of svg
    .querySelector('path')!
    .getAttribute('d')!
    .matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g))
    for (let c = 0; c < Number(w); c++) dark.add(`${Number(x) + c},${y}`);
  const data = new Uint8ClampedArray(px * px * 4).fill(255);
  for (let y = 0; y < px; y++)
    for (let x = 0; x < px; x++) if (dark.has(`${Math.floor(x / scale)},${Math.floor(y / scale)}`)) data.fill(0, (y * px + x) * 4, (y * px + x) * 4 + 3);
  return jsQR(data, px, px)!.data;
}

describe('the animated QR code', () => {
  it('draws UR parts that decode and assemble back into the file, with the read-aloud check beside them', async () => {
    const check = readAloudChecksum('ab'.repeat(32));
    render(QrCodeAnimated, { kind: 'handoff', text: TEXT, label: LABEL, check });
    expect(screen.getByText(check.code).textContent).toBe(check.code);
    const first = shownText();
    const parts = Number(/^(\d+) parts/.exec(screen.getByText(/parts; frame/).textContent!)![1]);
    expect(first).toBe(first.toUpperCase());
    expect(first).toMatch(new RegExp(`^UR:AIRLOCK-HANDOFF/1-${parts}/`));
    const assembler = new UrAssembler(() => 0);
    assembler.receive(first);
    for (let i = 1; i < parts; i++) {
      await vi.advanceTimersByTimeAsync(200);
      assembler.receive(shownText());
    }
    expect(assembler.result).toEqual({ kind: 'handoff', text: TEXT });
  });

  it('a denser setting needs fewer parts; Pause holds the frame', async () => {
    render(QrCodeAnimated, { kind: 'handoff', text: TEXT, label: LABEL });
    const count = () => Number(/^(\d+) parts/.exec(screen.getByText(/parts; frame/).textContent!)![1]);
    const before = count();
    await fireEvent.change(screen.getByLabelText('Density'), { target: { value: '400' } });
    expect(count()).toBeLessThan(before);
    await fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const held = shownText();
    await vi.advanceTimersByTimeAsync(2000);
    expect(shownText()).toBe(held);
  });
});
