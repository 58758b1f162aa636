// The areas' lifecycle hooks, composed (kernel/hooks.ts): what the areas above do when an area below calls
// out (orders at the stock engine's document lifecycle). Each platform makes its own (tests run several in
// one process), which its app and the work it does outside a request (the start's sweep) both use; a script
// that acts outside a request (the demo seed) makes its own too.
import { Hooks } from "./kernel/hooks.ts";
import { registerOrderHooks } from "./domain/orders/stock_hooks.ts";

export function areaHooks(): Hooks {
  const hooks = new Hooks();
  registerOrderHooks(hooks);
  return hooks;
}
