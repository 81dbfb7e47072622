/**
 * A Svelte action that sets CSS custom properties through the CSSOM. The Content-Security-Policy
 * (`style-src 'self'`) refuses inline `style` attributes, but not properties set from script, so
 * positions and heights of the virtualised queue are set this way.
 */
export function cssVars(node: HTMLElement, vars: Record<string, string>) {
  const apply = (next: Record<string, string>) => {
    for (const [name, value] of Object.entries(next)) node.style.setProperty(name, value);
  };
  apply(vars);
  return { update: apply };
}
