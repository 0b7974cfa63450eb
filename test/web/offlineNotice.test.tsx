import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { OfflineNotice } from '../../web/src/components/OfflineNotice';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('«Sin conexión»', () => {
  it('appears when the browser goes offline and leaves when it is back', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineNotice />);
    expect(screen.queryByText(/Sin conexión/)).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toMatch(/^Sin conexión\. Estás viendo lo último que se cargó en este dispositivo/);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(/Sin conexión/)).toBeNull();
  });

  it('shows at once on a page opened offline (from the service worker’s copy)', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineNotice />);
    expect(screen.getByText('Sin conexión.')).toBeTruthy();
  });
});
