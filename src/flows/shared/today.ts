/** The flows' clock, read once per form or flow and handed to its machine as input (machines never read the clock). */
/** Today in the person's time zone, YYYY-MM-DD: the forms' machine input. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
