import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, TextField, Typography } from '@mui/material';
import { ATTACHMENT_TAG_LABELS, ATTACHMENT_TAGS, type AttachmentTag } from '@warranty-crm/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useToast } from '../../../components/useToast';
import { formatFileSize, previewKind } from '../../../lib/attachments';
import { formatDateTime } from '../../../lib/date';
import { failureMessage } from '../../../lib/fieldErrors';
import type { TicketAttachment } from '../../../providers/types';
import { useCrmMutation } from '../../../providers/useCrm';

/** A file full size (an image, a PDF in a frame, a video with controls), its tag, download and removal. */
export function AttachmentViewer({ file, onClose }: { file: TicketAttachment; onClose: () => void }) {
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const remove = useCrmMutation('tickets', 'removeTicketAttachment', {
    onSuccess: () => {
      toast('Attachment removed', { description: file.filename, variant: 'success' });
      setConfirming(false);
      onClose();
    },
    onError: failure => toast('Failed to remove attachment', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  });
  const retag = useCrmMutation('tickets', 'updateTicketAttachment', {
    onError: failure => toast('Failed to change the tag', { description: failureMessage(failure, 'Please try again.'), variant: 'destructive' }),
  });

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="attachment-viewer-title" data-testid="attachment-viewer">
        <DialogTitle id="attachment-viewer-title" sx={{ wordBreak: 'break-all' }}>
          {file.filename}
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {formatFileSize(file.size)} · {file.source === 'email' ? 'Received by e-mail' : `Uploaded by ${file.uploaded_by_name ?? 'a removed user'}`} ·{' '}
            {formatDateTime(file.created_at)}
          </Typography>
          <Preview file={file} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          <TextField
            select
            size="small"
            label="Tag"
            value={retag.variables?.[2].tag ?? file.tag}
            onChange={event => retag.mutate([file.ticket_id, file.id, { tag: event.target.value as AttachmentTag }])}
            sx={{ minWidth: 160, mr: 'auto' }}
            slotProps={{ htmlInput: { 'data-testid': 'attachment-viewer-tag' } }}
          >
            {ATTACHMENT_TAGS.map(tag => (
              <MenuItem key={tag} value={tag}>
                {ATTACHMENT_TAG_LABELS[tag]}
              </MenuItem>
            ))}
          </TextField>
          <Button component="a" href={`${file.content_url}?download=true`} download={file.filename} startIcon={<DownloadIcon />} data-testid="attachment-download">
            Download
          </Button>
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)} data-testid="attachment-remove">
            Remove
          </Button>
          <Button onClick={onClose} variant="contained">
            Close
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={confirming}
        title="Remove attachment?"
        content={`"${file.filename}" will be removed from this ticket. This cannot be undone.`}
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        testId="attachment-remove"
        onConfirm={() => remove.mutate([file.ticket_id, file.id])}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function Preview({ file }: { file: TicketAttachment }) {
  switch (previewKind(file.content_type)) {
    case 'image':
      return (
        <Box component="img" src={file.content_url} alt={file.filename} data-testid="attachment-viewer-image" sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto' }} />
      );
    case 'pdf':
      return <Box component="iframe" src={file.content_url} title={file.filename} data-testid="attachment-viewer-pdf" sx={{ width: '100%', height: '70vh', border: 0 }} />;
    case 'video':
      return <Box component="video" src={file.content_url} controls preload="metadata" data-testid="attachment-viewer-video" sx={{ display: 'block', width: '100%', maxHeight: '70vh' }} />;
    default:
      return (
        <Alert severity="info" data-testid="attachment-viewer-no-preview">
          This browser cannot show this file ({file.content_type}). Download it to open it.
        </Alert>
      );
  }
}
