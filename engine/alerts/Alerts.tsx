/**
 * The alert service: short messages over the page (info, danger, success, warning) that close themselves after five
 * seconds or when dismissed, at most five at once. Danger and warning interrupt screen readers; the others wait.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ALERT_TIMEOUT_MS, withAlert, withoutAlert, type Alert, type AlertType } from './alert-list.ts';

export interface AlertService {
  /** `closeLabel` names the close button in the words of whoever shows the alert (the page's language). */
  show(type: AlertType, text: string, closeLabel: string, timeoutMs?: number): void;
}

const AlertContext = createContext<AlertService | null>(null);

export function useAlerts(): AlertService {
  const service = useContext(AlertContext);
  if (!service) throw new Error('useAlerts must be used inside <AlertProvider>');
  return service;
}

export function AlertProvider({ children }: { children: ReactNode }) {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setAlerts((list) => withoutAlert(list, id)), []);
  const service = useMemo<AlertService>(
    () => ({
      show: (type, text, closeLabel, timeoutMs = ALERT_TIMEOUT_MS) =>
        setAlerts((list) => withAlert(list, { id: nextId.current++, type, text, closeLabel, timeoutMs })),
    }),
    [],
  );
  return (
    <AlertContext.Provider value={service}>
      {children}
      <div className="alerts">
        {alerts.map((alert) => (
          <AlertMessage key={alert.id} alert={alert} onClose={dismiss} />
        ))}
      </div>
    </AlertContext.Provider>
  );
}

function AlertMessage({ alert, onClose }: { alert: Alert; onClose: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onClose(alert.id), alert.timeoutMs);
    return () => clearTimeout(timer);
  }, [alert, onClose]);
  const urgent = alert.type === 'danger' || alert.type === 'warning';
  return (
    <div className={`alert alert--${alert.type}`} role={urgent ? 'alert' : 'status'}>
      <span className="alert__text">{alert.text}</span>
      <button type="button" className="alert__close" aria-label={alert.closeLabel} onClick={() => onClose(alert.id)}>
        ×
      </button>
    </div>
  );
}
