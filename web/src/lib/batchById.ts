/**
 * Many per-post reads made as one request: every id asked for in the same tick (a page of cards
 * mounting) goes into one call of `load`, in chunks of at most `maxIds`, and each caller gets its own
 * post's answer. Lets each card keep a query of its own (one cache entry per post, so a change
 * re-renders that card alone) while a page costs one request.
 */
export function batchById<Answer>(
  load: (ids: string[]) => Promise<(id: string) => Answer>,
  maxIds: number,
): (id: string) => Promise<Answer> {
  let queued = new Map<string, Array<{ resolve: (answer: Answer) => void; reject: (error: unknown) => void }>>();
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    const batch = queued;
    queued = new Map();
    const ids = [...batch.keys()];
    for (let start = 0; start < ids.length; start += maxIds) {
      const chunk = ids.slice(start, start + maxIds);
      load(chunk).then(
        (answerFor) => {
          for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.resolve(answerFor(id));
        },
        (error: unknown) => {
          for (const id of chunk) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
        },
      );
    }
  };

  return (id) =>
    new Promise<Answer>((resolve, reject) => {
      const waiters = queued.get(id) ?? [];
      waiters.push({ resolve, reject });
      queued.set(id, waiters);
      if (scheduled) return;
      scheduled = true;
      setTimeout(flush, 0);
    });
}

/** One batcher per owner (an API client): the ids of one page go out together, whoever asks. */
export function batcherPer<Owner extends object, Answer>(make: (owner: Owner) => (id: string) => Promise<Answer>) {
  const made = new WeakMap<Owner, (id: string) => Promise<Answer>>();
  return (owner: Owner): ((id: string) => Promise<Answer>) => {
    let batcher = made.get(owner);
    if (!batcher) made.set(owner, (batcher = make(owner)));
    return batcher;
  };
}
