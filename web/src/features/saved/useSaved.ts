import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_SAVED_IDS } from '@contract/saved';
import { ApiError, errorMessage, useApi, type ApiClient } from '../../lib/api';
import { batchById, batcherPer } from '../../lib/batchById';
import { queryKeys } from '../../lib/queries';
import { useSession } from '../../lib/session';

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
 */
export function useSavedPost(postId: string) {
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const key = queryKeys.isSaved(who ?? '', postId);
  const saved = useQuery({ queryKey: key, queryFn: () => isSavedOf(api)(postId), enabled: typeof who === 'string' }).data;

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
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<boolean>(key);
      client.setQueryData(key, save);
      return { before };
    },
    onError: (_error, _save, context) => {
      if (context?.before === undefined) void client.invalidateQueries({ queryKey: key, exact: true });
      else client.setQueryData(key, context.before);
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
    /**
     * Saves the post, or takes it out of «Guardadas» when it is saved already. `onlyAdd`: a tap kept
     * before the page could show whether it is saved (lib/taps.ts) only saves; saved already, nothing changes.
     */
    press(onlyAdd: boolean, onRefused: (message: SaveMessage) => void): void {
      if (mutation.isPending) return;
      if (onlyAdd && saved === true) return;
      mutation.mutate(onlyAdd || saved !== true, {
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
