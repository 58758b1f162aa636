// A per-connection lock. A tenant has one connection in this process, so while a transaction is open
// every other use of that connection waits here; nothing of one request lands in another's transaction.
//
// Transactions queue for the lock in order. Statements outside a transaction do not take it: they wait
// for a moment when no transaction holds it (`idle`), and when a transaction ends they run before the
// next queued transaction begins, so a stream of writes cannot starve reads.
export class ConnectionLock {
  #held = false;
  #waiters: Array<() => void> = [];
  #idlers: Array<() => void> = [];

  get held(): boolean {
    return this.#held;
  }

  get busy(): boolean {
    return this.#held || this.#waiters.length > 0;
  }

  /** Whether anything waits for the lock: a transaction queued, or a statement waiting for it to end. */
  get waited(): boolean {
    return this.#waiters.length > 0 || this.#idlers.length > 0;
  }

  /** Resolves with a release function once the lock is ours; rejects after `timeoutMs`. */
  acquire(timeoutMs = 30_000): Promise<() => void> {
    if (!this.#held && this.#waiters.length === 0) {
      this.#held = true;
      return Promise.resolve(this.#releaser());
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(this.#releaser());
      };
      const timer = setTimeout(() => {
        const i = this.#waiters.indexOf(grant);
        if (i >= 0) this.#waiters.splice(i, 1);
        reject(new Error(`Database lock not acquired within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#waiters.push(grant);
    });
  }

  /**
   * Resolves once no transaction holds the lock. The caller must re-check `held` when it resumes and
   * then run its statement synchronously: `while (lock.held) await lock.idle();`.
   */
  idle(timeoutMs = 30_000): Promise<void> {
    if (!this.#held) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const i = this.#idlers.indexOf(wake);
        if (i >= 0) this.#idlers.splice(i, 1);
        reject(new Error(`Database not idle within ${timeoutMs} ms`));
      }, timeoutMs);
      this.#idlers.push(wake);
    });
  }

  #grantNext(): void {
    if (this.#held) return;
    const next = this.#waiters.shift();
    if (!next) return;
    this.#held = true;
    next();
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#held = false;
      const idlers = this.#idlers.splice(0);
      for (const wake of idlers) wake();
      if (idlers.length === 0) this.#grantNext();
      // The woken statements resume in the microtasks just queued; the next transaction starts after them.
      else if (this.#waiters.length > 0) queueMicrotask(() => this.#grantNext());
    };
  }
}
