/**
 * Costly work done in turn: at most `running` at once, at most `waiting` in line for a turn, in order; beyond that `refuse()` is thrown (the caller answers 503
 * with Retry-After). The limits are read at each call.
 */
export function workInTurn(limits: () => { running: number; waiting: number }, refuse: () => Error) {
  const line = { running: 0, waiting: [] as Array<() => void> };
  return async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const { running, waiting } = limits();
    if (line.running < running) line.running += 1;
    else if (line.waiting.length < waiting) await new Promise<void>((resolve) => line.waiting.push(resolve));
    else throw refuse();
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, or is freed.
      const next = line.waiting.shift();
      if (next) next();
      else line.running -= 1;
    }
  };
}
