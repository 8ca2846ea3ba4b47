/**
 * "Retire", confirmed first: the version closes to new visitors, who go to '/', while those part way through it can
 * finish for 7 days (the server keeps its later steps served that long).
 */
import { useState } from 'react';
import { ConfirmButton } from '../ConfirmButton.tsx';
import { failureMessage, retireFlowVersion } from '../console-api.ts';
import { PART_WAY_DAYS } from './version-status.ts';

export interface RetireButtonProps {
  name: string;
  /** Its start address, e.g. "/spring-promo". */
  path: string;
  /** Told what happened, in a sentence: done, or why not. */
  onOutcome: (outcome: { failed: boolean; message: string }) => void;
}

export function RetireButton({ name, path, onOutcome }: RetireButtonProps) {
  const [sending, setSending] = useState(false);
  const retire = async () => {
    setSending(true);
    try {
      await retireFlowVersion(name);
      onOutcome({ failed: false, message: `${name} is retired: new visitors at ${path} go to /.` });
    } catch (failure) {
      onOutcome({ failed: true, message: failureMessage(failure) });
    }
    setSending(false);
  };
  return (
    <ConfirmButton
      label="Retire"
      question={`Retire ${name}?`}
      confirm={`Retire ${name}`}
      disabled={sending}
      onConfirm={() => void retire()}
    >
      New visitors at {path} will go to / instead, with their campaign parameters. Visitors part way through {name} can
      finish it for {PART_WAY_DAYS} days. Its leads and numbers stay.
    </ConfirmButton>
  );
}
