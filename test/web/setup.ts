import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';

afterEach(() => cleanup());

// A lazily loaded part (a page, the suspension form) is transformed on its first import: with every test
// project running at once on a small machine that took over the one second `findBy…` waits by default.
configure({ asyncUtilTimeout: 5_000 });

// TanStack Query tells components about cache changes on the next tick (setTimeout 0); tests look at
// the screen right after `act(() => socket.send(...))`, so here it tells them at once, inside `act`.
notifyManager.setScheduler((notify) => notify());
