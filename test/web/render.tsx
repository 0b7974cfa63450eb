import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiContext, type ApiClient } from '../../web/src/lib/api';
import { WithQueries } from './queries';

/** `ui` with `api` and a new cache, under a router at `path`, before anyone's session is known. */
export function renderWithApi(api: ApiClient, ui: ReactNode, path = '/'): void {
  render(
    <ApiContext.Provider value={api}>
      <WithQueries>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </WithQueries>
    </ApiContext.Provider>,
  );
}
