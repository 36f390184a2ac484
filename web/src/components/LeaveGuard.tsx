/**
 * Asks before a page with unsent text is left (issue 22): a route change inside the app waits for
 * 'Esci' / 'Resta' in a dialog (react-router's blocker), a reload or a closed tab gets the
 * browser's own question (beforeunload). Changing only the query string (the same page with
 * other filters) is not leaving.
 */
import { useEffect, type ReactNode } from 'react';
import { useBlocker } from 'react-router-dom';
import { ConfirmModal } from './ConfirmModal.js';

/** Props of LeaveGuard. */
export interface LeaveGuardProps {
  /** True while something typed would be left behind. */
  when: boolean;
  title: string;
  children: ReactNode;
  /** The button that leaves, e.g. 'Esci dalla chat'. */
  leaveLabel: string;
  /** The button that stays, e.g. 'Resta nella chat'. */
  stayLabel: string;
}

/** The guard and its dialog; renders nothing until someone tries to leave. */
export function LeaveGuard({ when, title, children, leaveLabel, stayLabel }: LeaveGuardProps) {
  useEffect(() => {
    if (!when) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return (
    <ConfirmModal
      open={blocker.state === 'blocked'}
      title={title}
      confirmLabel={leaveLabel}
      cancelLabel={stayLabel}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {children}
    </ConfirmModal>
  );
}
