/**
 * Reading a form with problem lines (Send, Stake; forms/FormField.svelte `line`) the way assistive
 * technology does: a field found by its label, its problem as the text of the first id its
 * aria-describedby names (`<id>-problem`), and typing as an input event. Invariant: nothing is
 * found by class or position, so a test passes only while the label and the aria-describedby tie
 * the message to its field.
 */
import { fireEvent, screen } from '@testing-library/svelte';

/** The field labelled `label`. */
export const field = (label: string): HTMLInputElement => screen.getByLabelText(label) as HTMLInputElement;

/** The text of the problem line tied to the field labelled `label`. */
export const problemOf = (label: string): string | null => document.getElementById(field(label).getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent;

/** Types `value` into the field labelled `label`. */
export const type = (label: string, value: string): Promise<boolean> => fireEvent.input(field(label), { target: { value } });
