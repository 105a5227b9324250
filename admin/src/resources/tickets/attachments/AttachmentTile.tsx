import ImageIcon from '@mui/icons-material/Image';
import InsertDriveFileIcon from '@mui/icons-material/InsertDriveFile';
import MovieIcon from '@mui/icons-material/Movie';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Box, ButtonBase, Typography } from '@mui/material';
import { fileIconKind, formatFileSize } from '../../../lib/attachments';
import type { TicketAttachment } from '../../../providers/types';

const ICONS = { image: ImageIcon, pdf: PictureAsPdfIcon, video: MovieIcon, file: InsertDriveFileIcon };

/** One file of the gallery: its thumbnail (or an icon for a PDF, a video, a HEIC photo), name and size. */
export function AttachmentTile({ file, onOpen }: { file: TicketAttachment; onOpen: () => void }) {
  const Icon = ICONS[fileIconKind(file.content_type)];
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={`Open ${file.filename}`}
      data-testid="attachment-tile"
      data-filename={file.filename}
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden', textAlign: 'left' }}
    >
      <Box sx={{ height: 96, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        {file.thumbnail_url ? (
          <Box component="img" src={file.thumbnail_url} alt={file.filename} loading="lazy" data-testid="attachment-thumbnail" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <Icon sx={{ fontSize: 40, color: 'text.secondary' }} data-testid="attachment-icon" />
        )}
      </Box>
      <Box sx={{ px: 1, py: 0.5, minWidth: 0 }}>
        <Typography variant="caption" component="div" noWrap title={file.filename} sx={{ fontWeight: 600 }}>
          {file.filename}
        </Typography>
        <Typography variant="caption" component="div" color="text.secondary">
          {formatFileSize(file.size)}
        </Typography>
      </Box>
    </ButtonBase>
  );
}
