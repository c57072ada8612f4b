/** LIKE patterns from typed text: wildcards in the text match themselves. */
const escape = (s: string) => s.trim().replace(/[\\%_]/g, (c) => `\\${c}`);

export const startsWith = (s: string) => `${escape(s)}%`;
export const contains = (s: string) => `%${escape(s)}%`;
