import { useNavigate } from 'react-router-dom';
import { useApi } from '../../lib/api';
import { useSubmissionKey } from '../../lib/submissionKey';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NewPostForm } from './NewPostForm';

/** What NewPostPage leaves in the history entry of `/` after a successful send. */
export type SentState = { sent: string };

/**
 * `/newpost` (signed-in users only: the route guard sees to it). Success goes to the home page,
 * which then says the post is in moderation (SentState).
 */
export default function NewPostPage() {
  useDocumentTitle('Publicar una anécdota');
  const api = useApi();
  const navigate = useNavigate();
  const submission = useSubmissionKey();
  return (
    <section className="narrow">
      <h1>Publicar una anécdota</h1>
      <NewPostForm
        onSubmit={async (request) => {
          const post = await api.createPost(request, { idempotencyKey: submission.keyFor(request) });
          submission.done();
          void navigate('/', { state: { sent: post.id } satisfies SentState });
        }}
      />
    </section>
  );
}
