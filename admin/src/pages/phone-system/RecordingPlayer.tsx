import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { RECORDING_FAILED } from '../../lib/phoneSystem';
import { useCrmQuery } from '../../providers/useCrm';

/** The recordings' cache key (see RecordingPlayer). */
const RECORDINGS = 'call-recordings';

/**
 * The call's recording (a voicemail's from Twilio, an AI-agent call's from Retell, both through the
 * app), fetched through the dataProvider and played from memory (seekable). Download goes to the
 * app's audio URL itself, which honours Range, so the browser can resume it.
 */
export function RecordingPlayer({ callLogId, downloadUrl }: { callLogId: string; downloadUrl?: string }) {
  // Cached under its own resource, not 'call-logs': every write to a call (its notes saved on blur, its
  // read mark, a live call event) refetches what was read from 'call-logs', and a refetched recording
  // is a new Blob, a new object URL and a new src, which stops the playback and sends it back to 0:
  // the notes typed while listening would restart the voicemail. A recording never changes once made.
  const { data, isPending, isError } = useCrmQuery(RECORDINGS, 'getCallRecording', [callLogId], { staleTime: Infinity });
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    if (!data) return setSrc(null);
    const url = URL.createObjectURL(data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [data]);

  if (isError) return <Alert severity="error" data-testid="recording-failed">{RECORDING_FAILED}</Alert>;
  if (isPending || !src) {
    return (
      <Stack direction="row" spacing={1} alignItems="center" data-testid="recording-loading">
        <CircularProgress size={16} />
        <Typography variant="body2" color="text.secondary">Loading recording…</Typography>
      </Stack>
    );
  }
  return (
    <Box data-testid="recording-ready">
      <audio controls preload="auto" src={src} style={{ width: '100%' }} data-testid="recording-audio" />
      {downloadUrl && (
        <Button size="small" startIcon={<DownloadIcon />} href={downloadUrl} download={`recording-${callLogId}.wav`} data-testid="recording-download">
          Download
        </Button>
      )}
    </Box>
  );
}
