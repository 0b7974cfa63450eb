import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';

afterEach(() => cleanup());

// TanStack Query tells components about cache changes on the next tick (setTimeout 0); tests look at
// the screen right after `act(() => socket.send(...))`, so here it tells them at once, inside `act`.
notifyManager.setScheduler((notify) => notify());
