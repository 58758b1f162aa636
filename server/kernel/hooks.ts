// Lifecycle hooks: an area lower down declares a point where it calls out (the stock engine: a document
// confirmed, reverted, changed), and an area above registers what it does there when the platform is
// composed (server/hooks.ts), so that imports go one way. The registry is one platform's and reaches the
// verbs on their TenantContext: platforms in one process (tests, a front and its workers) share no handlers.

/** A named point handlers of type `H` register at; its identity is the key, its name is for errors. */
export class HookPoint<H> {
  /** Carries `H` for the type checker only. */
  declare readonly handler: H;
  constructor(readonly name: string) {}
}

/** The handlers registered at each point, in the order they were registered. */
export class Hooks {
  readonly #handlers = new Map<HookPoint<unknown>, unknown[]>();

  register<H>(point: HookPoint<H>, handler: H): this {
    const list = this.#handlers.get(point as HookPoint<unknown>);
    if (list) list.push(handler);
    else this.#handlers.set(point as HookPoint<unknown>, [handler]);
    return this;
  }

  of<H>(point: HookPoint<H>): readonly H[] {
    return (this.#handlers.get(point as HookPoint<unknown>) ?? []) as H[];
  }
}
