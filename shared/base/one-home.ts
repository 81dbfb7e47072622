/**
 * Joining parts that must not share a name: the station API's feature tables (shared/api/station-api.ts)
 * and the station's features (station/station.ts). An object spread lets a later part silently
 * replace an earlier part's member of the same name, so two features returning one method name would
 * leave one of them unreachable with no compile error. `joinOnce` refuses a repeated name at run
 * time, and `OneHome` does not compile when the parts' types repeat one, naming it.
 */

/** The names two or more of `Ts` have: `never` when each name has one home. */
export type RepeatedKeys<Ts extends readonly object[], Seen extends PropertyKey = never> = Ts extends readonly [
  infer H extends object,
  ...infer R extends readonly object[],
]
  ? Extract<keyof H, Seen> | RepeatedKeys<R, Seen | keyof H>
  : never;

/** `true` when no name is had by two of `Ts`; otherwise names them, so `const x: OneHome<...> = true` does not compile. */
export type OneHome<Ts extends readonly object[]> = [RepeatedKeys<Ts>] extends [never] ? true : { declaredTwice: RepeatedKeys<Ts> };

/** The parts side by side, as one type. */
export type Joined<Ts extends readonly object[]> = Ts extends readonly [infer H extends object, ...infer R extends readonly object[]] ? H & Joined<R> : unknown;

/** The parts' own members in one new object; a name had by two parts is a TypeError naming it and `what`. */
export function joinOnce<const Ts extends readonly object[]>(what: string, ...parts: Ts): Joined<Ts> {
  const joined: Record<string, unknown> = {};
  for (const part of parts) {
    for (const name of Object.keys(part)) {
      if (Object.hasOwn(joined, name)) throw new TypeError(`${name} is declared by two ${what}`);
      // Defined, not assigned: a member named __proto__ stays a member and never becomes the prototype.
      Object.defineProperty(joined, name, { value: (part as Record<string, unknown>)[name], enumerable: true, writable: true, configurable: true });
    }
  }
  return joined as Joined<Ts>;
}
