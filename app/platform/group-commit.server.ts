/**
 * Group commit: the writes that arrive together (in the same turn of the event loop, or while the previous group was being stored) are stored by one call of
 * `storeAll`, so they share one transaction and one write-ahead-log commit instead of paying for one each. Each caller's promise settles only once the group
 * holding its item has been stored (or has failed), with its own result: `storeAll` answers one settled result per item, in order, so one bad item fails only
 * its own caller. One group is stored at a time.
 */
export function groupCommit<Item, Result>(
  storeAll: (items: Item[]) => Promise<PromiseSettledResult<Result>[]>,
  { maxGroupSize }: { maxGroupSize: number },
): (item: Item) => Promise<Result> {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (reason: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let storing = false;
  let scheduled = false;

  async function storeWaiting() {
    scheduled = false;
    storing = true;
    try {
      while (waiting.length > 0) {
        const group = waiting.slice(0, maxGroupSize);
        waiting = waiting.slice(group.length);
        let results: PromiseSettledResult<Result>[];
        try {
          results = await storeAll(group.map((entry) => entry.item));
        } catch (error) {
          results = group.map(() => ({ status: "rejected", reason: error }));
        }
        group.forEach((entry, index) => {
          const result = results[index];
          if (result?.status === "fulfilled") entry.resolve(result.value);
          else entry.reject(result ? result.reason : new Error("No result for a grouped write"));
        });
      }
    } finally {
      storing = false;
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // The first write of a turn waits for the rest of the turn's requests to reach here; while a group is being stored, the next ones gather and follow it.
      if (!storing && !scheduled) {
        scheduled = true;
        setImmediate(() => void storeWaiting());
      }
    });
}
