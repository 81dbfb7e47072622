/** joinOnce: parts side by side, a name had by two refused, naming it (shared/base/one-home.ts). */
import { describe, expect, it } from 'vitest';
import { joinOnce } from './one-home.ts';

describe('joinOnce', () => {
  it('puts the parts side by side, each member from its part', () => {
    const joined = joinOnce('parts', { a: 1, b: () => 2 }, { c: 'three' });
    expect(joined.a + joined.b()).toBe(3);
    expect(Object.keys(joined)).toEqual(['a', 'b', 'c']);
  });

  it('refuses a name two parts have, whichever parts they are, naming the name and what is joined', () => {
    expect(() => joinOnce('station features', { a: 1 }, { b: 2 }, { a: 3 })).toThrow('a is declared by two station features');
    expect(() => joinOnce('tables', {}, { x: 1 }, { x: 1 })).toThrow(TypeError);
  });

  it('copies own members only: a __proto__ key in a part is data, not a prototype', () => {
    const part = JSON.parse('{"__proto__": {"admin": true}, "ok": 1}') as object;
    const joined = joinOnce('parts', part) as Record<string, unknown>;
    expect(joined.ok).toBe(1);
    expect(Object.hasOwn(joined, '__proto__')).toBe(true);
    expect(joined.admin).toBeUndefined();
    expect(Object.getPrototypeOf(joined)).toBe(Object.prototype);
  });
});
