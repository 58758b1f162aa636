// The lifecycle hooks of one app (kernel/hooks.ts), composed here beside server/app.ts: what the areas above
// do when an area below calls out (orders at the stock engine's document lifecycle). Every app makes its
// own (tests run several in one process); a script that acts outside a request (the demo seed) too.
import { Hooks } from "./kernel/hooks.ts";
import { registerOrderHooks } from "./domain/orders/stock_hooks.ts";

export function areaHooks(): Hooks {
  const hooks = new Hooks();
  registerOrderHooks(hooks);
  return hooks;
}
