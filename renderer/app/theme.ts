/**
 * The colour scheme chosen in Settings (docs/decisions.md §26, "light and dark"): `system` follows the
 * system's prefers-color-scheme, `light` and `dark` hold one whatever the system says. The choice is
 * kept in the page's own localStorage (a preference of this window, not of the station: nothing
 * about it crosses the API) and applied as `data-theme` on the root element, which app.css reads.
 *
 * Invariant: only one of the three words is ever applied; anything else read back (a value from an
 * older build, a storage that refuses access) counts as `system`, and a storage that throws never
 * stops the page from drawing.
 */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

/** The localStorage key the choice is kept under. */
export const THEME_KEY = 'airlock.theme';

const isChoice = (v: unknown): v is ThemeChoice => typeof v === 'string' && (THEME_CHOICES as readonly string[]).includes(v);

/** The stored choice, `system` when none (or an unreadable one) is stored. */
export function storedTheme(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ThemeChoice {
  try {
    const v = storage?.getItem(THEME_KEY);
    return isChoice(v) ? v : 'system';
  } catch {
    return 'system';
  }
}

/** Shows `choice` on `root`: `system` removes the attribute, so the system's scheme decides. */
export function applyTheme(choice: ThemeChoice, root: HTMLElement = document.documentElement): void {
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', choice);
}

/** Keeps and shows `choice`; a storage that refuses keeps it for this page only. */
export function chooseTheme(choice: ThemeChoice, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage, root?: HTMLElement): void {
  const sure = isChoice(choice) ? choice : 'system';
  try {
    storage?.setItem(THEME_KEY, sure);
  } catch {
    // Private or sandboxed storage: the choice holds until the page is reloaded.
  }
  applyTheme(sure, root);
}
