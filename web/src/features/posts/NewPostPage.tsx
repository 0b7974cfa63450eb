import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { CreatePostRequest } from '@contract/posts';
import { useApi } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { useSubmissionKey } from '../../lib/submissionKey';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NewPostForm } from './NewPostForm';

/** What NewPostPage leaves in the history entry of `/` after a successful send. */
export type SentState = { sent: string };

/**
 * `/newpost` (signed-in users only: the route guard sees to it). Sending is a mutation with the
 * submission's Idempotency-Key (the form says what failed, in Spanish, and keeps the text). Success
 * goes to the home page, which then says the post is in moderation (SentState), and «Mis anécdotas»
 * reads again when next shown.
 */
export default function NewPostPage() {
  useDocumentTitle('Publicar una anécdota');
  const api = useApi();
  const navigate = useNavigate();
  const submission = useSubmissionKey();
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (request: CreatePostRequest) => api.call('posts.create', { body: request }, { idempotencyKey: submission.keyFor(request) }),
    onSuccess: (post) => {
      submission.done();
      void client.invalidateQueries({ queryKey: queryKeys.myPosts });
      void navigate('/', { state: { sent: post.id } satisfies SentState });
    },
    onError: (error) => submission.failed(error),
  });
  return (
    <section className="narrow">
      <h1>Publicar una anécdota</h1>
      <NewPostForm
        onSubmit={async (request) => {
          await create.mutateAsync(request);
        }}
      />
    </section>
  );
}
