/**
 * The schema of a token as the station API shows it (docs/decisions.md §10 "Tokens": `tokenShow`, `tokenList`),
 * kept equal to station/core/token-details.ts TokenView by the type test
 * (test/integration/station-api.types.ts). Texts arrive escaped (shared/base/escape.ts); the sale is null when the
 * station has not read it from a node or a snapshot, never made-up zeros.
 */
import * as v from 'valibot';
import { TOKEN_ID_RE } from '../chain/ids.ts';
import { int64Text } from './station-view-schemas.ts';
import { PROVENANCE_VIEW } from './provenance-schema.ts';

export const TOKEN_SALE_VIEW = v.strictObject({
  /** Price: coinNum sun buy num smallest token units. */
  coinNum: v.number(),
  num: v.number(),
  /** The sale window, ms since the epoch. */
  startTime: v.number(),
  endTime: v.number(),
  /** Whether the window is open at the station's clock when answered, and where it stands. */
  open: v.boolean(),
  state: v.picklist(['before', 'open', 'ended']),
  /** The cded supply schedule; null when the source did not carry it (a snapshot file). */
  cdedSupply: v.nullable(v.array(v.strictObject({ amount: int64Text, days: int64Text }))),
  freeAssetNetLimit: v.nullable(int64Text),
  publicFreeAssetNetLimit: v.nullable(int64Text),
});

export const TOKEN_VIEW = v.strictObject({
  id: v.pipe(v.string(), v.regex(TOKEN_ID_RE, 'a token id')),
  /** Escaped with escapeText. */
  name: v.string(),
  abbreviation: v.string(),
  description: v.string(),
  url: v.string(),
  /** One of the texts had a character that had to be escaped: the screen warns. */
  hiddenCharacters: v.boolean(),
  precision: v.number(),
  /** The issuer, Base58. */
  owner: v.string(),
  totalSupply: int64Text,
  /** In whole tokens ("1000.5"). */
  totalSupplyTokens: v.string(),
  sale: v.nullable(TOKEN_SALE_VIEW),
  source: v.strictObject({ kind: v.picklist(['node', 'file', 'exporter']), text: v.string() }),
  /** Observed from the node or claimed by a file, and how old (docs/decisions.md §16): an amount shown with a claimed description says so. */
  provenance: PROVENANCE_VIEW,
  storedAt: v.number(),
  ageMs: v.number(),
  age: v.string(),
});

export type TokenApiView = v.InferOutput<typeof TOKEN_VIEW>;
