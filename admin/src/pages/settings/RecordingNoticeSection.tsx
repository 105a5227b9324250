import { Box, Stack, Typography } from '@mui/material';
import { DEFAULT_RECORDING_NOTICE, RECORDING_NOTICE_MAX } from '@warranty-crm/contract';
import { BooleanInput, Form, SaveButton, TextInput } from 'react-admin';
import { recordingNoticeError } from '../../lib/dataRetention';
import type { Settings } from '../../providers/types';
import { useSaveSettings } from './settingsData';

/**
 * The recording notice (issue 35): said before every number's voicemail greeting and put at the
 * start of the AI agent's opening (the Retell agent's begin message) while it is on.
 */
export function RecordingNoticeSection({ settings }: { settings: Settings }) {
  const save = useSaveSettings();
  return (
    <Form
      record={{ recording_notice_enabled: settings.recording_notice_enabled, recording_notice_text: settings.recording_notice_text }}
      onSubmit={(values: Record<string, any>) => save({ recording_notice_enabled: !!values.recording_notice_enabled, recording_notice_text: values.recording_notice_text ?? '' })}
    >
      <Stack spacing={1} sx={{ maxWidth: 640 }}>
        <Typography variant="body2" color="text.secondary">
          Callers hear it before the voicemail greeting of every number, and the AI agent says it first when it answers.
        </Typography>
        <BooleanInput source="recording_notice_enabled" label="Say a recording notice" helperText={false} />
        <TextInput
          source="recording_notice_text"
          label="Recording notice"
          multiline
          validate={recordingNoticeError}
          helperText={`Up to ${RECORDING_NOTICE_MAX} characters; empty says "${DEFAULT_RECORDING_NOTICE}"`}
        />
        <Box>
          <SaveButton label="Save Recording Notice" alwaysEnable />
        </Box>
      </Stack>
    </Form>
  );
}
