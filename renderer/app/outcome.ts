/**
 * How a screen's state takes the station's answer to a change (docs/decisions.md §9 "every action shows the
 * station's answer, never a guess"): a refusal becomes its `error`; an acceptance clears the error,
 * says `done` as its notice and reloads the list from the station, so the screen shows what is
 * stored rather than what was sent.
 */
import type { ErrorData } from '../../shared/base/errors.ts';

export interface ChangeOutcome {
  error: ErrorData | null;
  notice: string;
  load(): Promise<void>;
}

export async function takeAnswer(target: ChangeOutcome, call: Promise<{ ok: true } | { ok: false; error: ErrorData }>, done: string): Promise<boolean> {
  const answer = await call;
  if (!answer.ok) {
    target.error = answer.error;
    return false;
  }
  target.error = null;
  target.notice = done;
  await target.load();
  return true;
}
