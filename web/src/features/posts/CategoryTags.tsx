import { Link } from 'react-router-dom';
import { CATEGORIES } from '@contract/posts';

/** The tag list, titled TagsCategorys as on the original site; each tag opens its category page. */
export function CategoryTags({ current }: { current?: string }) {
  return (
    <nav className="tags" aria-labelledby="tags-title">
      <h2 id="tags-title" className="tags__title">
        TagsCategorys
      </h2>
      <ul className="tags__list">
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link className="tag" to={`/category/${category}`} aria-current={category === current ? 'page' : undefined}>
              {category}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
