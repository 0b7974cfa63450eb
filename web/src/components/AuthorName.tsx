import { Link } from 'react-router-dom';
import { ANONYMOUS_NAME } from '@contract/accountRules';
import { authorPath } from '@contract/documents';

/**
 * An author's apodo as a link to their page (`/autor/:apodo`); «Anonimo» (no apodo yet, or a
 * deleted account) has no page and stays plain text.
 */
export function AuthorName({ name, id, className }: { name: string; id?: string; className?: string }) {
  if (name === ANONYMOUS_NAME) {
    return (
      <span id={id} className={className}>
        {name}
      </span>
    );
  }
  return (
    <Link id={id} className={className} to={authorPath(name)}>
      {name}
    </Link>
  );
}
