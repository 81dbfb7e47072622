/**
 * A token issue in the signer's words (docs/decisions.md §18 "the signer's screen"): the price as TRX per whole
 * token, the sale window as local dates with whether it is open, before or ended, the frozen (cded)
 * schedule as token amounts and release dates, and the bandwidth limits, all from the
 * AssetIssueContract decoded from the transaction's bytes (never from a file's description of it).
 *
 * Invariants: pure (the clock comes in); amounts are computed in bigint from the contract's own
 * integers and shown with its own precision; a price that is not a whole number of 10^-12 TRX is
 * marked "about", never rounded silently.
 */
import type { AssetIssueContract } from '../../shared/gen/protocol/contract_pb.ts';
import { COIN_DECIMALS, formatGrouped, groupDigits } from '../../shared/base/amount.ts';
import { escapeText } from '../../shared/base/escape.ts';
import { MAX_PRECISION } from '../../shared/base/limits.ts';
import type { SignerTokenIssueView } from '../../shared/api/signer-view-schema.ts';
import { DAY_MS } from '../../shared/base/duration.ts';

/** The price is computed to 10^-12 TRX: sun per whole token with six more digits. */
const PRICE_DECIMALS = 12;

const two = (n: number): string => String(n).padStart(2, '0');

/** A moment in the station's local time, to the minute: "2026-11-23 12:00". */
export function localDate(ms: number): { ms: number; text: string } {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return { ms, text: `(not a date: ${ms} ms)` };
  return { ms, text: `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}` };
}

/** The unit a token is named by in the words: its abbreviation, else its name, else "tokens" (escaped). */
function unitOf(c: AssetIssueContract): string {
  const decode = (b: Uint8Array): string => new TextDecoder('utf-8', { fatal: false }).decode(b).trim();
  const name = decode(c.abbr) || decode(c.name);
  return name === '' ? 'tokens' : escapeText(name);
}

/** `coin_num` sun buy `num` smallest units: what one whole token costs, in TRX. */
export function tokenPrice(coinNum: number, num: number, precision: number, unit: string): string {
  if (coinNum <= 0 || num <= 0) return `no price: ${groupDigits(String(coinNum))} sun for ${groupDigits(String(num))} smallest units`;
  const scaled = BigInt(coinNum) * 10n ** BigInt(precision + PRICE_DECIMALS - COIN_DECIMALS);
  const exact = scaled % BigInt(num) === 0n;
  const trx = formatGrouped(scaled / BigInt(num), PRICE_DECIMALS);
  return `1 ${unit} costs ${exact ? '' : 'about '}${trx} TRX (${groupDigits(String(coinNum))} sun buy ${groupDigits(String(num))} smallest units)`;
}

export function tokenIssueWords(c: AssetIssueContract, now: number): SignerTokenIssueView {
  const precision = c.precision >= 0 && c.precision <= MAX_PRECISION ? c.precision : 0;
  const unit = unitOf(c);
  const start = localDate(Number(c.startTime));
  const end = localDate(Number(c.endTime));
  const state = now < start.ms ? 'before' : now < end.ms ? 'open' : 'ended';
  const stateText = state === 'before' ? 'not open yet' : state === 'open' ? 'open now' : 'ended';
  const amount = (units: bigint): string => `${formatGrouped(units, precision)} ${unit}`;
  const frozen = c.cdedSupply.map((e) => {
    const releasedAt = localDate(Number(c.startTime + e.cdedDays * BigInt(DAY_MS)));
    return {
      amount: amount(e.cdedAmount),
      days: e.cdedDays.toString(),
      releasedAt,
      text: `${amount(e.cdedAmount)} frozen for ${e.cdedDays} day${e.cdedDays === 1n ? '' : 's'}, released ${releasedAt.text}`,
    };
  });
  const points = (n: bigint): string => (n === 0n ? 'none' : `${groupDigits(n.toString())} bandwidth points a day`);
  return {
    price: tokenPrice(c.coinNum, c.num, precision, unit),
    window: { start, end, state, text: `The sale opens ${start.text} and ends ${end.text}: ${stateText}.` },
    frozen,
    limits: {
      perHolder: c.freeAssetNetLimit.toString(),
      total: c.publicFreeAssetNetLimit.toString(),
      text: `The issuer's bandwidth for transfers of this token: ${points(c.freeAssetNetLimit)} for each holder, ${points(c.publicFreeAssetNetLimit)} for all holders together.`,
    },
  };
}
