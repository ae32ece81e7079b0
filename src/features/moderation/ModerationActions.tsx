import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { useSuspendUserMutation, useUnsuspendUserMutation } from '../../lib/api/moderation';
import type { ReportFile } from '../../lib/api/reports';
import { notify } from '../../lib/notify/notify';
import { ReasonDialog } from './ReasonDialog';

/** One thing a moderator may do to the target, with its reason dialog's words. */
export interface ModerationAction {
  key: string;
  label: string;
  title: string;
  explanation: string;
  /** The toast once done. */
  done: string;
  run: (reason: string) => Promise<unknown>;
}

/** The buttons of the actions that apply, each asking for a reason first. */
export function ActionButtons({ actions }: { actions: ModerationAction[] }) {
  const [chosen, setChosen] = useState<ModerationAction | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (actions.length === 0) {
    return <Typography color="text.secondary">Nothing to do here now.</Typography>;
  }
  const confirm = async (action: ModerationAction, reason: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      await action.run(reason);
      setOpen(false);
      notify.success(action.done);
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {actions.map((action) => (
          <Button
            key={action.key}
            variant={action.key === 'dismiss' ? 'outlined' : 'contained'}
            color="secondary"
            onClick={() => {
              setChosen(action);
              setRefusal(null);
              setOpen(true);
            }}
          >
            {action.label}
          </Button>
        ))}
      </Box>
      {chosen && (
        <ReasonDialog
          // A fresh, empty reason for each action.
          key={chosen.key}
          open={open}
          title={chosen.title}
          explanation={chosen.explanation}
          confirmLabel={chosen.label}
          busy={busy}
          refusal={refusal}
          onConfirm={(reason) => void confirm(chosen, reason)}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** An account's actions: suspend (never an admin) or lift the suspension. */
export function useAccountActions(file: ReportFile): ModerationAction[] {
  const [suspend] = useSuspendUserMutation();
  const [unsuspend] = useUnsuspendUserMutation();
  const user = file.user;
  if (!user || user.userRole === 'Admin') return [];
  if (user.state === 'suspended') {
    return [
      {
        key: 'unsuspend',
        label: 'Unsuspend',
        title: `Lift ${user.name}'s suspension?`,
        explanation:
          'They can sign in again, and the cars the suspension hid are for sale again (cars ' +
          'hidden on their own stay hidden). Declined and cancelled bookings stay so. They read ' +
          'your reason.',
        done: 'Suspension lifted',
        run: (reason) => unsuspend({ id: user._id, body: { reason } }).unwrap(),
      },
    ];
  }
  return [
    {
      key: 'suspend',
      label: 'Suspend',
      title: `Suspend ${user.name}?`,
      explanation:
        'They can no longer sign in. Their cars for sale are hidden and the open bookings on ' +
        'them declined; their own open bookings are cancelled. They read your reason in an e-mail.',
      done: 'Account suspended',
      run: (reason) => suspend({ id: user._id, body: { reason } }).unwrap(),
    },
  ];
}
