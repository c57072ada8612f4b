/** Every machine's model, by name: what `npm run paths -- <name>` and the Playwright replay look up. */
import { linkPageModel } from './linkPage.model.ts';

export const models = { linkPage: linkPageModel } as const;
export type ModelName = keyof typeof models;
