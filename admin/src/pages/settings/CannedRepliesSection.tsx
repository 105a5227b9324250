import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, SaveButton, TextInput, useCreate, useDelete, useGetList, useUpdate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useToast } from '../../components/useToast';
import { PLACEHOLDER_HELP, preview, validateCannedReply } from '../../lib/cannedReplies';
import { fieldErrorsFrom, failureMessage } from '../../lib/fieldErrors';
import type { CannedReply } from '../../providers/methods/assignment';

/**
 * Settings → Canned Replies: the organization's saved replies (name and text with placeholders),
 * added, edited and deleted by admins and the owner; every user inserts them from the reply box.
 */
export function CannedRepliesSection() {
  const { data: replies = [], isPending } = useGetList<CannedReply>('canned-replies', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CannedReply | null>(null);
  const [remove] = useDelete<CannedReply>();
  const toast = useToast();
  return (
    <Box data-testid="canned-replies">
      {!isPending && !replies.length ? (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="canned-replies-empty">
          No canned replies yet.
        </Typography>
      ) : null}
      <List dense disablePadding>
        {replies.map(reply => (
          <ListItem
            key={reply.id}
            divider
            data-testid="canned-reply-row"
            secondaryAction={
              <Stack direction="row" spacing={1}>
                <Button size="small" onClick={() => setEditing(reply)}>
                  Edit
                </Button>
                <Button size="small" color="error" onClick={() => setDeleting(reply)}>
                  Delete
                </Button>
              </Stack>
            }
          >
            <ListItemText primary={reply.name} secondary={preview(reply.body)} sx={{ pr: 16 }} />
          </ListItem>
        ))}
      </List>
      <Button startIcon={<AddIcon />} variant="outlined" sx={{ mt: 2 }} onClick={() => setEditing('new')} data-testid="add-canned-reply">
        Add Canned Reply
      </Button>
      {editing ? <CannedReplyDialog reply={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete canned reply"
        content={`Delete "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete"
        testId="delete-canned-reply"
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const reply = deleting;
          setDeleting(null);
          if (!reply) return;
          remove(
            'canned-replies',
            { id: reply.id, previousData: reply },
            {
              onSuccess: () => toast('Canned reply deleted', { variant: 'success' }),
              onError: failure => toast(failureMessage(failure, 'Failed to delete the canned reply'), { variant: 'destructive' }),
            },
          );
        }}
      />
    </Box>
  );
}

function CannedReplyDialog({ reply, onClose }: { reply: CannedReply | null; onClose: () => void }) {
  const toast = useToast();
  const [create] = useCreate<CannedReply>();
  const [update] = useUpdate<CannedReply>();
  const submit = async (values: FieldValues) => {
    const data = { name: String(values.name ?? '').trim(), body: String(values.body ?? '') };
    try {
      if (reply) await update('canned-replies', { id: reply.id, data, previousData: reply }, { returnPromise: true });
      else await create('canned-replies', { data }, { returnPromise: true });
      toast('Canned reply saved', { variant: 'success' });
      onClose();
    } catch (failure) {
      toast(failureMessage(failure, 'Failed to save the canned reply'), { variant: 'destructive' });
      return fieldErrorsFrom(failure);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" data-testid="canned-reply-dialog">
      <Form record={reply ?? { name: '', body: '' }} validate={(values: FieldValues) => validateCannedReply(values)} onSubmit={submit} noValidate>
        <DialogTitle>{reply ? 'Edit Canned Reply' : 'Add Canned Reply'}</DialogTitle>
        <DialogContent>
          <TextInput source="name" label="Name" fullWidth />
          <TextInput source="body" label="Reply text" fullWidth multiline minRows={4} helperText={PLACEHOLDER_HELP} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <SaveButton label="Save" alwaysEnable data-testid="canned-reply-save" />
        </DialogActions>
      </Form>
    </Dialog>
  );
}
