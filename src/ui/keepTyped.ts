/**
 * What a person typed into the prerendered page before React took it over.
 * The HTML's fields work before any script has run, and React's hydration
 * leaves what they hold alone, but the next render of a field would put the
 * form's own (empty) value back: the text would be lost. Once the page is
 * hydrated, every text field whose text differs from what the server wrote
 * (its default value, which hydration sets to the form's value) gets that
 * text again as an input event, as if typed or pasted now, so the form and its
 * machine receive it.
 */
/** The element's own value setter, which React's value tracking does not see. */
const setNativeValue = (field: HTMLInputElement | HTMLTextAreaElement, value: string) =>
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')!.set!.call(field, value);
const TEXT_TYPES = new Set(['text', 'search', 'email', 'tel', 'url', 'number', 'password', '']);

export function replayTypedBeforeHydration(root: HTMLElement): number {
  let replayed = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && !TEXT_TYPES.has(field.type)) continue;
    const typed = field.value;
    if (typed === field.defaultValue) continue;
    // React notices a change against the value it last saw: show it the server's value first.
    field.value = field.defaultValue;
    setNativeValue(field, typed);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    replayed += 1;
  }
  return replayed;
}
