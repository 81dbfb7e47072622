/**
 * shared/views/lookalike.ts (docs/decisions.md §10 "a warning when an address looks like a known one but differs"):
 * generated look-alikes (same first 4 and last 4 Base58 characters, a different middle) are caught
 * and name the address they imitate; a known address, itself included, is never flagged; changing
 * either end clears the warning; and the parts a warning highlights put the address back together.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressToBase58, addressToHex } from '../chain/address.ts';
import { differingParts, LOOKALIKE_PREFIX, LOOKALIKE_SUFFIX, lookalikeOf } from './lookalike.ts';
import { LOOKALIKE_PAIRS } from '../../test/fixtures/lookalike-pairs.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const b58char = fc.constantFrom(...BASE58);
/** A Base58 address shape: `T` and 33 more characters. */
const address = fc.array(b58char, { minLength: 33, maxLength: 33 }).map((cs) => `T${cs.join('')}`);
/** A known address and a look-alike of it: same ends, a middle that differs in at least one place. */
const lookalikePair = fc.tuple(address, fc.array(b58char, { minLength: 26, maxLength: 26 }), fc.integer({ min: 0, max: 25 })).map(([known, middle, at]) => {
  const m = [...middle];
  const own = known[LOOKALIKE_PREFIX + at]!;
  if (m.join('') === known.slice(LOOKALIKE_PREFIX, -LOOKALIKE_SUFFIX)) m[at] = BASE58[(BASE58.indexOf(own) + 1) % 58]!;
  return { known, fake: known.slice(0, LOOKALIKE_PREFIX) + m.join('') + known.slice(-LOOKALIKE_SUFFIX) };
});

describe('lookalikeOf', () => {
  it('catches every generated look-alike and names the address it imitates', () => {
    fc.assert(
      fc.property(lookalikePair, fc.array(address, { maxLength: 20 }), ({ known, fake }, others) => {
        const list = [...others.filter((o) => o !== fake), known];
        const found = lookalikeOf(fake, list);
        expect(found).not.toBeNull();
        expect(found!.slice(0, LOOKALIKE_PREFIX)).toBe(fake.slice(0, LOOKALIKE_PREFIX));
        expect(found!.slice(-LOOKALIKE_SUFFIX)).toBe(fake.slice(-LOOKALIKE_SUFFIX));
        expect(found).not.toBe(fake);
      }),
    );
  });

  it('never flags a known address, the identical one included', () => {
    fc.assert(
      fc.property(lookalikePair, ({ known, fake }) => {
        expect(lookalikeOf(known, [known])).toBeNull();
        // Both in the book: the typed one is known, so it imitates nothing.
        expect(lookalikeOf(fake, [known, fake])).toBeNull();
        expect(lookalikeOf(fake, [fake, known])).toBeNull();
      }),
    );
  });

  it('does not flag an address whose first or last characters differ', () => {
    fc.assert(
      fc.property(lookalikePair, fc.integer({ min: 1, max: LOOKALIKE_PREFIX + LOOKALIKE_SUFFIX - 1 }), ({ known, fake }, pick) => {
        // pick 1..3 changes one of the first four (not the `T`), 4..7 one of the last four.
        const at = pick < LOOKALIKE_PREFIX ? pick : fake.length - (pick - LOOKALIKE_PREFIX) - 1;
        const changed = fake.slice(0, at) + BASE58[(BASE58.indexOf(fake[at]!) + 1) % 58] + fake.slice(at + 1);
        expect(lookalikeOf(changed, [known])).toBeNull();
      }),
    );
  });

  it('reads a hex address in its Base58 form', () => {
    const { known, fake } = LOOKALIKE_PAIRS[0]!;
    expect(lookalikeOf(addressToHex(fake), [addressToBase58(known)])).toBe(addressToBase58(known));
    expect(lookalikeOf(addressToBase58(fake), [addressToBase58(known)])).toBe(addressToBase58(known));
  });

  it('ignores what is not an address, and hostile lists', () => {
    expect(lookalikeOf('', ['T123'])).toBeNull();
    expect(lookalikeOf('__proto__', ['__proto__x'])).toBeNull();
    expect(lookalikeOf('1111111111111111111111111111111111111111111111111111111111111111', [])).toBeNull();
    expect(lookalikeOf('T' + 'a'.repeat(33), [42 as unknown as string, null as unknown as string, 'T' + 'a'.repeat(33)])).toBeNull();
    const many = Array.from({ length: 10_000 }, (_, i) => `TAAA${String(i).padStart(26, '0')}ZZZZ`);
    expect(lookalikeOf(`TAAA${'x'.repeat(26)}ZZZZ`, many)).toBe(many[0]);
  });
});

describe('differingParts', () => {
  it('cuts both addresses into the shared ends and the differing middles', () => {
    fc.assert(
      fc.property(lookalikePair, ({ known, fake }) => {
        const p = differingParts(fake, known);
        expect(p.address.start + p.address.middle + p.address.end).toBe(fake);
        expect(p.other.start + p.other.middle + p.other.end).toBe(known);
        expect(p.address.start).toBe(p.other.start);
        expect(p.address.end).toBe(p.other.end);
        expect(p.address.start.length).toBeGreaterThanOrEqual(LOOKALIKE_PREFIX);
        expect(p.address.end.length).toBeGreaterThanOrEqual(LOOKALIKE_SUFFIX);
        // The middles start and end where the two differ.
        expect(p.address.middle[0]).not.toBe(p.other.middle[0]);
        expect(p.address.middle.at(-1)).not.toBe(p.other.middle.at(-1));
      }),
    );
  });
});
