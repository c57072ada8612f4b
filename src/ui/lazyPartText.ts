/** Ours (the specification is silent): what a part whose code could not load says (lazyPart.tsx), and its button. */
export const couldNotLoad = (what: string) => `${what} could not be loaded. Check your connection, then try again.`;
export const TRY_AGAIN = 'Try again';
