import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import { Button, type ButtonProps } from '@mui/material';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { UploadDialogProps } from './types';

// Uppy and its styles load with the first click, not with the app.
const UploadDialog = lazy(() => import('./UploadDialog'));

export interface UploadButtonProps extends UploadDialogProps {
  children?: ReactNode;
  buttonProps?: Omit<ButtonProps, 'onClick'>;
}

/**
 * A button that opens the upload dialog (spec part 2, "File upload button"). The caller supplies
 * the upload parameters per file and the completion handler; the defaults (1 file, 5 MB, any
 * type, the file name as metadata) can all be overridden.
 */
export function UploadButton({ children = 'Upload a file', buttonProps, ...dialog }: UploadButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<CloudUploadIcon />} {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <UploadDialog {...dialog} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
