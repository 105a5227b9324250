import DeleteIcon from '@mui/icons-material/Delete';
import DoneIcon from '@mui/icons-material/Done';
import { Box, Button, Chip, Divider, Stack, Typography } from '@mui/material';
import { useState, type FocusEvent } from 'react';
import { Form, TextInput, useDelete, useUpdate } from 'react-admin';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/useToast';
import { formatDuration } from '../../lib/duration';
import { TRANSCRIPTION_LIMIT_SECONDS, callParty } from '../../lib/phoneSystem';
import type { CallLog } from '../../providers/types';
import { RecordingPlayer } from './RecordingPlayer';

const NO_TRANSCRIPTION: Record<string, string> = {
  pending: 'Transcription in progress…',
  failed: 'Transcription failed for this recording.',
  unavailable: `No transcription: the recording is longer than the first ${TRANSCRIPTION_LIMIT_SECONDS} seconds that can be transcribed.`,
  disabled: 'Transcription is turned off for this number.',
};

function transcriptionReason(call: CallLog): string {
  if (call.transcription_status && NO_TRANSCRIPTION[call.transcription_status]) return NO_TRANSCRIPTION[call.transcription_status];
  if (!call.recording_url) return 'No recording, so no transcription.';
  return 'No transcription available.';
}

/** Caller, brand, duration, date, recording, transcription, notes, Mark Returned and Delete. */
export function CallDetail({ call, onDeleted }: { call: CallLog; onDeleted(): void }) {
  const toast = useToast();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [update, { isPending: updating }] = useUpdate<CallLog>();
  const [remove, { isPending: deleting }] = useDelete<CallLog>();

  // saved when the field is left, if it changed
  const saveNotes = (notes: string) => {
    if (notes === (call.notes ?? '')) return;
    update('call-logs', { id: call.id, data: { notes }, previousData: call }, {
      onError: error => toast('Error', { description: (error as Error)?.message || 'Failed to save notes', variant: 'destructive' }),
    });
  };

  const markReturned = () =>
    update('call-logs', { id: call.id, data: { is_returned: true }, previousData: call }, {
      onSuccess: () => toast('Marked as returned', { variant: 'success' }),
      onError: error => toast('Error', { description: (error as Error)?.message, variant: 'destructive' }),
    });

  const deleteCall = () =>
    remove('call-logs', { id: call.id, previousData: call }, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast('Deleted', { description: 'Call log deleted successfully', variant: 'success' });
        onDeleted();
      },
      onError: error => toast('Error', { description: (error as Error)?.message, variant: 'destructive' }),
    });

  return (
    <Box data-testid="call-detail" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid="call-detail-caller">
          {callParty(call)}
        </Typography>
        {call.caller_name && <Typography variant="body2" color="text.secondary">{call.from_phone}</Typography>}
        <Stack direction="row" spacing={1} sx={{ mt: 1 }} flexWrap="wrap" useFlexGap>
          <Chip size="small" label={call.brand || 'No brand'} data-testid="call-detail-brand" />
          <Chip size="small" label={call.call_type === 'call' ? 'Call' : 'Voicemail'} />
          <Chip size="small" label={formatDuration(call.recording_duration)} data-testid="call-detail-duration" />
          <Chip size="small" label={new Date(call.created_at).toLocaleString('en-US')} />
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle2" gutterBottom>Recording</Typography>
        {call.recording_url ? <RecordingPlayer callLogId={call.id} downloadUrl={call.recording_url} /> : <Typography variant="body2" color="text.secondary">No recording for this call.</Typography>}
      </Box>
      {call.call_summary && (
        <Box>
          <Typography variant="subtitle2" gutterBottom>Call summary</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="call-summary">{call.call_summary}</Typography>
        </Box>
      )}
      <Box>
        <Typography variant="subtitle2" gutterBottom>Transcription</Typography>
        {call.transcription ? (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }} data-testid="call-transcription">{call.transcription}</Typography>
        ) : (
          <Typography variant="body2" color="text.secondary" data-testid="call-no-transcription">{transcriptionReason(call)}</Typography>
        )}
      </Box>
      {/* the call's notes (a new call, or notes saved, start it afresh) */}
      <Form key={`${call.id}:${call.notes ?? ''}`} record={{ notes: call.notes ?? '' }} noValidate>
        <TextInput source="notes" label="Internal notes" multiline minRows={3} resettable={false} helperText={false} parse={(value: string) => value ?? ''}
          onBlur={(e: FocusEvent<HTMLInputElement>) => saveNotes(e.target.value)}
          placeholder="Add notes about this call…" slotProps={{ htmlInput: { 'data-testid': 'call-notes' } }} />
      </Form>
      <Divider />
      <Stack direction="row" spacing={1}>
        <Button variant="contained" startIcon={<DoneIcon />} disabled={call.is_returned || updating} onClick={markReturned} data-testid="call-mark-returned">
          {call.is_returned ? 'Returned' : 'Mark Returned'}
        </Button>
        <Button color="error" variant="outlined" startIcon={<DeleteIcon />} onClick={() => setConfirmDelete(true)} data-testid="call-delete">
          Delete
        </Button>
      </Stack>
      <ConfirmDialog open={confirmDelete} title="Delete call log?" content="This call log, its recording link and notes will be permanently deleted."
        confirmLabel="Delete" pendingLabel="Deleting…" pending={deleting} testId="call-delete" onConfirm={deleteCall} onClose={() => setConfirmDelete(false)} />
    </Box>
  );
}
