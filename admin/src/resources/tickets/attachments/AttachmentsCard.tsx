import { Box, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { awaitingThumbnail, groupByTag } from '../../../lib/attachments';
import { useCrmQuery } from '../../../providers/useCrm';
import { InfoCard } from '../cards/InfoCard';
import { AttachmentTile } from './AttachmentTile';
import { AttachmentUpload } from './AttachmentUpload';
import { AttachmentViewer } from './AttachmentViewer';

/**
 * The ticket's evidence: upload with a tag, a gallery of thumbnails grouped by tag, and a viewer.
 * While a new photo's thumbnail is being made the list is read again every two seconds.
 */
export function AttachmentsCard({ ticketId }: { ticketId: string }) {
  const { data: files, isPending, error } = useCrmQuery('tickets', 'getTicketAttachments', [ticketId], {
    refetchInterval: query => (query.state.data?.some(file => awaitingThumbnail(file)) ? 2000 : false),
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = files?.find(file => file.id === openId) ?? null;

  return (
    <InfoCard title="Attachments" testId="attachments-card">
      <Stack spacing={2}>
        <AttachmentUpload ticketId={ticketId} />
        {isPending ? (
          <Skeleton variant="rounded" height={96} />
        ) : error ? (
          <Typography variant="body2" color="error">
            {error.message}
          </Typography>
        ) : !files?.length ? (
          <Typography variant="body2" color="text.secondary" data-testid="no-attachments">
            No attachments yet: add the receipt, photos of the damage and of the serial plate.
          </Typography>
        ) : (
          groupByTag(files).map(group => (
            <Box key={group.tag} data-testid="attachment-group" data-tag={group.tag}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {group.label} ({group.items.length})
              </Typography>
              <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))' }}>
                {group.items.map(file => (
                  <AttachmentTile key={file.id} file={file} onOpen={() => setOpenId(file.id)} />
                ))}
              </Box>
            </Box>
          ))
        )}
      </Stack>
      {open && <AttachmentViewer file={open} onClose={() => setOpenId(null)} />}
    </InfoCard>
  );
}
