import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ANONYMOUS_NAME } from '@contract/accountRules';
import type { BlockList } from '@contract/blocks';
import { foldedText } from '@contract/textForms';
import { useIsMine } from '../../lib/account';
import { announce } from '../../lib/announcer';
import { errorMessage, useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { useSession } from '../../lib/session';
import { useSubmissionKey } from '../../lib/submissionKey';

/** A name as the fold compares it: the API lists the apodo exactly as posts and comments carry it, this only forgives spacing and case. */
const comparable = (name: string) => foldedText(name).replace(/\s+/g, ' ').trim();

/**
 * The apodos the signed-in reader blocked (one `GET /me/blocks` per sign-in, kept for the session and
 * changed at once by «Bloquear» and «Desbloquear»); undefined while signed out or not read yet.
 */
export function useBlockList(): { names: readonly string[] | undefined; error: unknown } {
  const api = useApi();
  const who = useSession();
  const query = useQuery({
    queryKey: queryKeys.blocks(who ?? ''),
    queryFn: ({ signal }) => api.call('blocks.list', undefined, { signal }),
    enabled: typeof who === 'string',
    staleTime: Infinity,
  });
  return { names: query.data?.names, error: query.error };
}

/** Whether the signed-in reader blocked the author of `name` (false while that is not known). */
export function useIsBlocked(name: string): boolean {
  const { names } = useBlockList();
  if (!names || name === ANONYMOUS_NAME) return false;
  const wanted = comparable(name);
  return names.some((blocked) => comparable(blocked) === wanted);
}

/** Whether «Bloquear» makes sense for `name`: signed in, not one's own, not «Anonimo» (everyone's who has none). */
export function useMayBlock(name: string): boolean {
  const who = useSession();
  const mine = useIsMine(name);
  return typeof who === 'string' && !mine && name !== ANONYMOUS_NAME;
}

/**
 * Blocks or unblocks `name`: the list changes at once (everything of theirs folds or unfolds) and is
 * put back if the API refuses, then read again; what happened is said in the site's status area. One Idempotency-Key per wish, so a retried request
 * after a lost answer is the same one.
 */
export function useBlockToggle(name: string) {
  const api = useApi();
  const client = useQueryClient();
  const who = useSession();
  const submission = useSubmissionKey();
  const key = queryKeys.blocks(who ?? '');
  return useMutation({
    mutationFn: async (block: boolean) => {
      const options = { idempotencyKey: submission.keyFor({ name, block }) };
      if (block) await api.call('blocks.block', { params: { name } }, options);
      else await api.call('blocks.unblock', { params: { name } }, options);
    },
    onMutate: async (block: boolean) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<BlockList>(key);
      const others = (before?.names ?? []).filter((blocked) => comparable(blocked) !== comparable(name));
      client.setQueryData<BlockList>(key, { names: block ? [...others, name].sort((a, b) => a.localeCompare(b, 'es')) : others });
      return { before };
    },
    // Said here, not by the button: blocking folds the comment that holds the button, which unmounts it.
    onError: (error, block, context) => {
      submission.failed(error);
      client.setQueryData(key, context?.before);
      announce(`No se pudo ${block ? 'bloquear' : 'desbloquear'} a ${name}. ${errorMessage(error)}`);
    },
    onSuccess: (_answer, block) => {
      submission.done();
      announce(
        block
          ? `Has bloqueado a ${name}: lo suyo queda plegado y no te llegarán sus avisos. No se le avisa.`
          : `Has desbloqueado a ${name}.`,
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key, exact: true }),
  });
}
