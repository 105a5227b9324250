import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { IconButton, Tooltip } from '@mui/material';
import { copyToClipboard } from '../lib/clipboard';
import { useToast } from './useToast';

/** Copies `text`; toasts "Copied!". */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const toast = useToast();
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        size="small"
        onClick={async () => {
          if (await copyToClipboard(text)) toast('Copied!', { variant: 'success' });
          else toast('Copy failed', { description: 'Select the text and copy it by hand.', variant: 'destructive' });
        }}
      >
        <ContentCopyIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
