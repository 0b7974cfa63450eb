import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CATEGORIES } from '@contract/categories';

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

/**
 * A page's main column (the children) with the tag list beside it on a wide screen and above it on a
 * phone. The tags come first in the document, so a page that arrives in pieces on a slow network paints
 * them in their place before the main column instead of pushing it down once they arrive, and the
 * keyboard goes through them in the order a phone shows them.
 */
export function PageWithTags({ current, children }: { current?: string; children: ReactNode }) {
  return (
    <div className="page-grid">
      <aside className="page-aside">
        <CategoryTags current={current} />
      </aside>
      {children}
    </div>
  );
}
