import { useNavigate } from 'react-router-dom';
import { useApi } from '../../lib/api';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { NewPostForm } from './NewPostForm';

/** `/newpost` (signed-in users only: the route guard sees to it). Success goes to the home page. */
export default function NewPostPage() {
  useDocumentTitle('Publicar una anécdota');
  const api = useApi();
  const navigate = useNavigate();
  return (
    <section className="narrow">
      <h1>Publicar una anécdota</h1>
      <NewPostForm
        onSubmit={async (request) => {
          await api.createPost(request);
          void navigate('/');
        }}
      />
    </section>
  );
}
