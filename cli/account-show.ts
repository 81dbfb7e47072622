/**
 * `airlock account show ADDRESS` (docs/decisions.md §25): the stored account (permissions, source and age) and,
 * under it, the account at a glance in the same words `airlock account resources` prints (the one text
 * writer is station/accounts/glance-view.ts): read from the node now, or offline as the imported
 * snapshot claims it.
 *
 * Invariant: the glance never hides the stored account: when it cannot be had (offline with no
 * snapshot that carried it, a node that refuses), the stored view stands and the text says why;
 * `--json` carries `glance` (null then) and `glanceUnavailable`.
 */
import { AirlockError } from '../shared/base/errors.ts';
import type { Station } from '../station/station.ts';
import { accountText } from './station-text.ts';

export async function accountShowOutcome(st: Station, address: string): Promise<{ json: unknown; text: string }> {
  const a = st.accountShow({ address });
  let glance: Awaited<ReturnType<Station['accountResources']>> | null = null;
  let why: string | null = null;
  try {
    glance = await st.accountResources({ address });
  } catch (e) {
    if (!(e instanceof AirlockError)) throw e;
    why = e.message;
  }
  return {
    json: { ...a, glance, ...(why !== null && { glanceUnavailable: why }) },
    text: `${accountText(a)}\n\n${glance !== null ? `At a glance: ${glance.text}` : `At a glance: not available (${why})`}`,
  };
}
