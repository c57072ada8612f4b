/** Every machine's model, by name: what `npm run paths -- <name>` and the Playwright replay look up. */
import { autoRefillModel } from './autoRefill.model.ts';
import { easyFillModel } from './easyFill.model.ts';
import { linkPageModel } from './linkPage.model.ts';

export const models = { linkPage: linkPageModel, easyFill: easyFillModel, autoRefill: autoRefillModel } as const;
export type ModelName = keyof typeof models;
