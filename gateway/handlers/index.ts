/**
 * Every operation of the contract, by operationId. The `Handlers` type makes a
 * missing operation a compile error.
 */
import { toRouteHandlers, type Context, type Handlers } from './types.ts';
import { platformHandlers } from './platform.ts';
import { paymentHandlers } from './payment.ts';
import { easyFillHandlers } from './easyfill.ts';
import { autoRefillHandlers } from './autorefill.ts';
import { memberHandlers } from './member.ts';
import { profileHandlers } from './profile.ts';
import { healthHandlers } from './health.ts';
import { registrationHandlers } from './registration.ts';
import { orderHandlers } from './orders.ts';

export function createHandlers(ctx: Context) {
  const handlers: Handlers = {
    ...platformHandlers(ctx),
    ...paymentHandlers(ctx),
    ...easyFillHandlers(ctx),
    ...autoRefillHandlers(ctx),
    ...memberHandlers(ctx),
    ...profileHandlers(ctx),
    ...healthHandlers(ctx),
    ...registrationHandlers(ctx),
    ...orderHandlers(ctx),
  };
  return toRouteHandlers(handlers);
}
