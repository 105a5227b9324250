import { Box, Stack } from '@mui/material';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENT_TAG_LABELS,
  ATTACHMENT_TAGS,
  ATTACHMENT_TYPES,
  type AttachmentTag,
  MAX_ATTACHMENT_BYTES,
} from '@warranty-crm/contract';
import { Form, required, SelectInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { UploadButton } from '../../../components/UploadButton';
import type { UploadCompleteResult } from '../../../components/UploadButton/types';
import { useToast } from '../../../components/useToast';
import { failureMessage } from '../../../lib/fieldErrors';
import { useCrmMutation, useCrmProvider } from '../../../providers/useCrm';

const TAG_CHOICES = ATTACHMENT_TAGS.map(tag => ({ id: tag, name: ATTACHMENT_TAG_LABELS[tag] }));
const ALLOWED_TYPES = [...Object.keys(ATTACHMENT_TYPES), ...ATTACHMENT_EXTENSIONS];

/**
 * The tag to file the next upload under, and the upload button: each file goes straight to storage
 * with the button's progress bar (25 MB and the accepted types are checked in the browser first),
 * then the server checks its bytes and keeps it under the tag.
 */
export function AttachmentUpload({ ticketId }: { ticketId: string }) {
  return (
    <Form defaultValues={{ tag: 'damage' }} noValidate>
      <Stack direction="row" spacing={1.5} alignItems="flex-start" sx={{ flexWrap: 'wrap' }}>
        <SelectInput
          source="tag"
          label="Tag"
          choices={TAG_CHOICES}
          translateChoice={false}
          validate={required()}
          size="small"
          helperText={false}
          sx={{ minWidth: 170, m: 0 }}
          slotProps={{ htmlInput: { 'data-testid': 'attachment-tag-input' } }}
        />
        <UploadFiles ticketId={ticketId} />
      </Stack>
    </Form>
  );
}

function UploadFiles({ ticketId }: { ticketId: string }) {
  const tag = useWatch({ name: 'tag' }) as AttachmentTag | undefined;
  const provider = useCrmProvider();
  const toast = useToast();
  const attach = useCrmMutation('tickets', 'attachTicketFile');

  const uploaded = async ({ successful, failed }: UploadCompleteResult) => {
    let kept = 0;
    for (const file of successful) {
      try {
        await attach.mutateAsync([ticketId, { object_path: file.objectPath, tag: tag ?? 'other' }]);
        kept += 1;
      } catch (failure) {
        toast('Attachment refused', { description: failureMessage(failure, 'The file could not be attached.'), variant: 'destructive', persist: true });
      }
    }
    if (kept) toast('Attachment added', { description: kept === 1 ? successful[0].name : `${kept} files`, variant: 'success' });
    if (failed.length) toast('Upload failed', { description: failed.map(f => `${f.name}: ${f.error}`).join('\n'), variant: 'destructive' });
  };

  return (
    <Box>
      <UploadButton
        maxNumberOfFiles={10}
        maxFileSize={MAX_ATTACHMENT_BYTES}
        allowedFileTypes={ALLOWED_TYPES}
        note="Photos (JPEG, PNG, HEIC, WebP), PDF or videos (MP4, MOV, WebM), up to 25 MB each"
        onGetUploadParameters={file => provider.getAttachmentUploadParameters(ticketId, { filename: file.name, type: file.type, size: file.size })}
        onComplete={result => void uploaded(result)}
        buttonProps={{ variant: 'outlined', size: 'medium', disabled: !tag }}
      >
        Upload Files
      </UploadButton>
    </Box>
  );
}
