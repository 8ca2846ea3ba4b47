import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { AlertProvider, useAlerts, type AlertService } from '../../../engine/alerts/Alerts.tsx';

let service: AlertService;
function Capture() {
  service = useAlerts();
  return null;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(
    <AlertProvider>
      <Capture />
    </AlertProvider>,
  );
});
afterEach(() => vi.useRealTimers());

describe('the alert service', () => {
  it('interrupts with a danger alert and closes it after five seconds', () => {
    act(() => service.show('danger', 'Some error occured. Please try again!', 'Close'));
    expect(screen.getByRole('alert').textContent).toContain('Some error occured. Please try again!');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces info politely and closes it on the close button', () => {
    act(() => service.show('info', 'Saved', 'Close'));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at most five at once, the newest kept', () => {
    act(() => {
      for (let n = 1; n <= 7; n++) service.show('warning', `Warning ${n}`, 'Close');
    });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent?.replace('×', ''))).toEqual([
      'Warning 3',
      'Warning 4',
      'Warning 5',
      'Warning 6',
      'Warning 7',
    ]);
  });

  it('keeps each alert its own five seconds when another arrives', () => {
    act(() => service.show('success', 'First', 'Close'));
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    act(() => service.show('success', 'Second', 'Close'));
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getAllByRole('status').map((alert) => alert.textContent?.replace('×', ''))).toEqual(['Second']);
  });

  it("names its close button in the words it was given, the page's language", () => {
    act(() => service.show('danger', 'Algo salió mal.', 'Cerrar'));
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Cerrar' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
