// A per-connection lock. A tenant has one connection in this process, so while a transaction is open
// every other use of that connection waits here; nothing of one request lands in another's transaction.
export class ConnectionLock {
  #held = false;
  #waiters: Array<() => void> = [];

  get held(): boolean {
    return this.#held;
  }

  get busy(): boolean {
    return this.#held || this.#waiters.length > 0;
  }

  /** Resolves with a release function once the lock is ours; rejects after `timeoutMs`. */
  acquire(timeoutMs = 30_000): Promise<() => void> {
    if (!this.#held) {
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

  /** Waits until no transaction holds the lock (used by statements outside a transaction). */
  async idle(timeoutMs = 30_000): Promise<void> {
    while (this.#held) {
      const release = await this.acquire(timeoutMs);
      release();
    }
  }

  #releaser(): () => void {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = this.#waiters.shift();
      if (next) next(); // hand over directly: #held stays true
      else this.#held = false;
    };
  }
}
