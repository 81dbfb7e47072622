/**
 * The store's `tokens` table (docs/decisions.md §7, "Store"): metadata of native tokens (TRC-10) as the node
 * or a file described them, so an offline station can show names and precision.
 *
 * Invariants: a token is filed under its id as the node keys it (decimal text of a positive
 * int64), amounts travel as decimal text (an int64 does not fit a JSON number), one row per id (a
 * newer description replaces the older), and every write is one transaction with its audit entry.
 */

import { checkAddressField, checkDecimalAmount, checkInteger, checkRecord, checkSource, checkText, checkTokenId, type Source } from './row-checks.ts';
import { sourceFromText, sourceToJson, sourceToText, u8, type StoreContext } from './table.ts';
import { MAX_LABEL_LENGTH, MAX_NOTE_LENGTH, MAX_PRECISION, MAX_URL_LENGTH } from '../../shared/base/limits.ts';

export interface TokenInput {
  /** The token id in decimal, as the node prints it ("1000001"). */
  id: string;
  name: string;
  abbreviation: string;
  precision: number;
  owner: Uint8Array;
  /** Decimal text: an int64 does not fit a JSON number. */
  totalSupply: string;
  description: string;
  url: string;
  source: Source;
}
export interface TokenRecord extends TokenInput {
  storedAt: number;
}

interface TokenRow {
  id: string;
  name: string;
  abbreviation: string;
  precision: number;
  owner: Uint8Array;
  total_supply: string;
  description: string;
  url: string;
  source: string;
  stored_at: number;
}

function tokenFromRow(r: TokenRow): TokenRecord {
  return {
    id: r.id,
    name: r.name,
    abbreviation: r.abbreviation,
    precision: r.precision,
    owner: u8(r.owner),
    totalSupply: r.total_supply,
    description: r.description,
    url: r.url,
    source: sourceFromText(r.source),
    storedAt: r.stored_at,
  };
}

export type TokenTable = ReturnType<typeof tokenTable>;

export function tokenTable({ db, atomic, now, audit }: StoreContext) {
  const stmts = {
    putToken: db.prepare(
      `INSERT INTO tokens (id, name, abbreviation, precision, owner, total_supply, description, url, source, stored_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, abbreviation = excluded.abbreviation,
         precision = excluded.precision, owner = excluded.owner, total_supply = excluded.total_supply,
         description = excluded.description, url = excluded.url, source = excluded.source, stored_at = excluded.stored_at`,
    ),
    getToken: db.prepare<[string], TokenRow>('SELECT * FROM tokens WHERE id = ?'),
    listTokens: db.prepare<[], TokenRow>('SELECT * FROM tokens ORDER BY length(id), id'),
  };

  return {
    putToken(input: TokenInput): TokenRecord {
      const fn = 'store.putToken';
      const v = checkRecord(input, fn, 'input', ['id', 'name', 'abbreviation', 'precision', 'owner', 'totalSupply', 'description', 'url', 'source']);
      const id = checkTokenId(v.id, fn, 'id');
      const name = checkText(v.name, fn, 'name', MAX_LABEL_LENGTH, false);
      const abbreviation = checkText(v.abbreviation, fn, 'abbreviation', MAX_LABEL_LENGTH);
      const precision = checkInteger(v.precision, fn, 'precision', 0, MAX_PRECISION);
      const owner = checkAddressField(v.owner, fn, 'owner');
      const totalSupply = checkDecimalAmount(v.totalSupply, fn, 'totalSupply');
      const description = checkText(v.description, fn, 'description', MAX_NOTE_LENGTH);
      const url = checkText(v.url, fn, 'url', MAX_URL_LENGTH);
      const source = checkSource(v.source, fn, 'source');
      return atomic(() => {
        const at = now();
        stmts.putToken.run(id, name, abbreviation, precision, owner, totalSupply, description, url, sourceToText(source), at);
        audit(at, 'token.put', id, JSON.stringify({ source: sourceToJson(source) }));
        return { id, name, abbreviation, precision, owner, totalSupply, description, url, source, storedAt: at };
      });
    },

    getToken(id: string): TokenRecord | undefined {
      const row = stmts.getToken.get(checkTokenId(id, 'store.getToken', 'id'));
      return row && tokenFromRow(row);
    },

    listTokens(): TokenRecord[] {
      return stmts.listTokens.all().map(tokenFromRow);
    },
  };
}
