import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_SAVED_IDS } from '@contract/savedRules';
import { ApiError, errorMessage, useApi, type ApiClient } from '../../lib/api';
import { batchById, batcherPer } from '../../lib/batchById';
import { queryKeys } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { forgetTap, intentOf, releaseKeptPress } from '../../lib/taps';
import { useKeptPress } from '../../lib/useKeptPress';

/** Whether the signed-in reader saved one post: one `GET /me/saved/ids` for every card that asks in the same tick. */
const isSavedOf = batcherPer((api: ApiClient) =>
  batchById(async (ids) => {
    const saved = new Set((await api.call('saved.ids', { query: { ids: ids.join(',') } })).ids);
    return (id) => saved.has(id);
  }, MAX_SAVED_IDS),
);

/** What to tell the person after a failed press, and whether signing in would help. */
export type SaveMessage = { text: string; signIn: boolean };

/**
 * «Guardar» on one card: whether the reader saved the post (a query per post, fetched in one batch per
 * page) and `press`, a mutation that shows the new state at once and puts it back if the API refuses.
 * «Guardada» shown by the document's own script before the app could act (lib/taps.ts) stays shown
 * until the cache says saved, then is handed back. One request at a time: taps while it is on its way
 * are the same wish, ignored.
 */
export function useSavedPost(postId: string) {
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const key = queryKeys.isSaved(who ?? '', postId);
  const cached = useQuery({ queryKey: key, queryFn: () => isSavedOf(api)(postId), enabled: typeof who === 'string' }).data;
  const keptIntent = useKeptPress(intentOf('save', postId));
  const showKept = keptIntent !== null && cached !== true;
  useEffect(() => {
    if (keptIntent !== null && !showKept) releaseKeptPress(keptIntent);
  }, [keptIntent, showKept]);
  const saved = showKept ? true : cached;
  /** Whether a request is on its way (a ref: taps in one tick must not each send one). */
  const inFlight = useRef(false);

  const mutation = useMutation({
    mutationFn: async (save: boolean) => {
      try {
        if (save) await api.call('saved.save', { params: { id: postId } });
        else await api.call('saved.unsave', { params: { id: postId } });
      } catch (error) {
        // Unsaved all the same: the post is no longer public.
        if (!save && error instanceof ApiError && error.code === 'POST_NOT_FOUND') return;
        throw error;
      }
    },
    onMutate: async (save: boolean) => {
      // A read under way would overwrite what is shown (and cancelling it puts back what it replaced).
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<boolean>(key);
      client.setQueryData(key, save);
      return { before };
    },
    onError: (_error, save, context) => {
      // Not known before the press: shown as it was at once, and asked again.
      client.setQueryData(key, context?.before ?? !save);
      if (context?.before === undefined) void client.invalidateQueries({ queryKey: key, exact: true });
    },
    onSettled: () => {
      inFlight.current = false;
    },
    // «Guardadas» reads again when it is next shown (at once, when it is the page on screen).
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.saved }),
  });

  return {
    /** Undefined until `GET /me/saved/ids` said. */
    saved,
    ready: who !== undefined,
    signedIn: typeof who === 'string',
    busy: mutation.isPending,
    /** The kept tap and the script's «Guardada» are dropped: the app will not act on them (signed out). */
    forgetKept(): void {
      if (keptIntent !== null) forgetTap(keptIntent);
    },
    /**
     * Saves the post, or takes it out of «Guardadas» when it is saved already. `onlyAdd`: a tap kept
     * before the page could show whether it is saved (lib/taps.ts) only saves; saved already, nothing
     * changes. A tap on a «Guardada» the script showed means the same.
     */
    press(onlyAdd: boolean, onRefused: (message: SaveMessage) => void): void {
      if (inFlight.current) return;
      const addOnly = onlyAdd || showKept;
      if (addOnly && cached === true) return;
      inFlight.current = true;
      mutation.mutate(addOnly || cached !== true, {
        onError: (error) =>
          onRefused(
            error instanceof ApiError && error.code === 'UNAUTHORIZED'
              ? { text: 'Tu sesión ha caducado. Inicia sesión para guardar anécdotas.', signIn: true }
              : { text: errorMessage(error), signIn: false },
          ),
      });
    },
  };
}
