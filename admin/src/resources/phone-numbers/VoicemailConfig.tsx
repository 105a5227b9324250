import DeleteIcon from '@mui/icons-material/Delete';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Alert, Box, Button, CircularProgress, FormControlLabel, IconButton, Radio, RadioGroup, Stack, Switch, Typography } from '@mui/material';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Form, maxLength as maxLengthRule, SelectInput, TextInput, useInput } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { PendingButton } from '../../components/PendingButton';
import { UploadButton, type UploadCompleteResult } from '../../components/UploadButton';
import { useToast } from '../../components/useToast';
import {
  DEFAULT_GREETING, GREETING_TEXT_MAX, MAX_LENGTH_MAX, MAX_LENGTH_MIN, TRANSCRIPTION_LIMIT_SECONDS, TTS_VOICES,
  greetingPayload, voicemailMaxLength, type GreetingType, type GreetingValues,
} from '../../lib/phoneSystem';
import type { Greeting, GreetingPatch } from '../../providers/types';
import { useCrmMutation, useCrmProvider, useCrmQuery } from '../../providers/useCrm';

function toValues(g: Greeting): GreetingValues {
  return {
    greeting_type: g.greeting_type as GreetingType,
    greeting_text: g.greeting_text ?? '',
    greeting_audio_url: g.greeting_audio_url,
    greeting_audio_filename: g.greeting_audio_filename,
    tts_voice: g.tts_voice,
    voicemail_max_length: String(g.voicemail_max_length),
    enable_transcription: g.enable_transcription,
  };
}

const VOICE_CHOICES = TTS_VOICES.map(v => ({ id: v.id, name: v.label }));
const GREETING_TEXT_RULES = [maxLengthRule(GREETING_TEXT_MAX)];

/** The greeting type as the form's radio group. */
function GreetingTypeInput() {
  const { field } = useInput<GreetingType>({ source: 'greeting_type' });
  return (
    <RadioGroup value={field.value ?? 'default'} onChange={e => field.onChange(e.target.value as GreetingType)}>
      <FormControlLabel value="default" control={<Radio data-testid="greeting-type-default" />} label="Default greeting" />
      <FormControlLabel value="text_to_speech" control={<Radio data-testid="greeting-type-tts" />} label="Custom text-to-speech" />
      <FormControlLabel value="audio_file" control={<Radio data-testid="greeting-type-audio" />} label="Upload audio file" />
    </RadioGroup>
  );
}

/** Transcription on or off, as the form's switch. */
function TranscriptionInput() {
  const { field } = useInput<boolean>({ source: 'enable_transcription' });
  return (
    <FormControlLabel control={<Switch checked={Boolean(field.value)} onChange={e => field.onChange(e.target.checked)} onBlur={field.onBlur}
      slotProps={{ input: { 'data-testid': 'greeting-transcription' } as object }} />} label="Transcribe voicemails" />
  );
}

/** One number's voicemail: greeting type, voice, maximum length, transcription, Preview, Save. */
export function VoicemailConfig({ numberId }: { numberId: string }) {
  const toast = useToast();
  const { data: greeting, isPending } = useCrmQuery('phone-numbers', 'getGreeting', [numberId]);
  const save = useCrmMutation('phone-numbers', 'updateGreeting');
  const record = useMemo(() => (greeting ? toValues(greeting) : null), [greeting]);

  if (isPending || !record) return <CircularProgress size={20} />;

  const submit = async (values: FieldValues) => {
    try {
      await save.mutateAsync([numberId, greetingPayload(values as GreetingValues) as GreetingPatch]);
      toast('Saved', { description: 'Voicemail settings saved successfully', variant: 'success' });
    } catch (error) {
      toast('Error', { description: (error as Error)?.message || 'Failed to save voicemail settings', variant: 'destructive' });
    }
  };

  return (
    <Form record={record} onSubmit={submit} noValidate>
      <VoicemailFields record={record} saving={save.isPending} />
    </Form>
  );
}

function VoicemailFields({ record, saving }: { record: GreetingValues; saving: boolean }) {
  const provider = useCrmProvider();
  const toast = useToast();
  const { setValue } = useFormContext();
  const values = { ...record, ...(useWatch() as Partial<GreetingValues>) } as GreetingValues;
  const [pendingUpload, setPendingUpload] = useState(false);
  const audio = useRef<HTMLAudioElement | null>(null);
  // the server's copy (after a save, or a refetch) replaces what was pending
  useEffect(() => setPendingUpload(false), [record]);
  const maxLength = voicemailMaxLength(values.voicemail_max_length);

  const uploaded = (result: UploadCompleteResult) => {
    const file = result.successful[0];
    if (!file) return;
    setValue('greeting_audio_url', file.objectPath, { shouldDirty: true });
    setValue('greeting_audio_filename', file.name, { shouldDirty: true });
    setPendingUpload(true);
    toast('Success', { description: 'Audio file uploaded. Click Save to apply.', variant: 'success' });
  };

  const removeAudio = () => {
    setValue('greeting_audio_url', null, { shouldDirty: true });
    setValue('greeting_audio_filename', null, { shouldDirty: true });
    setPendingUpload(false);
  };

  const preview = () => {
    if (values.greeting_type === 'audio_file') {
      if (!values.greeting_audio_url) return;
      audio.current?.pause();
      audio.current = new Audio(provider.greetingAudioSrc(values.greeting_audio_url));
      void audio.current.play().catch(() => undefined);
      return;
    }
    const text = values.greeting_type === 'text_to_speech' && (values.greeting_text ?? '').trim() ? values.greeting_text : DEFAULT_GREETING;
    if (!('speechSynthesis' in window)) return;
    window.speechSynthesis.cancel();
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = values.tts_voice.includes('Amy') || values.tts_voice.includes('Brian') ? 'en-GB' : 'en-US';
    window.speechSynthesis.speak(utterance);
  };

  return (
    <Stack spacing={2} data-testid="voicemail-config">
      <Typography variant="subtitle2">Voicemail Greeting</Typography>
      <GreetingTypeInput />
      {values.greeting_type === 'default' && (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>"{DEFAULT_GREETING}"</Typography>
      )}
      {values.greeting_type === 'text_to_speech' && (
        <TextInput source="greeting_text" label="Greeting text" multiline minRows={3} resettable={false} validate={GREETING_TEXT_RULES}
          parse={(value: string) => (value ?? '').slice(0, GREETING_TEXT_MAX)}
          helperText={`${(values.greeting_text ?? '').length}/${GREETING_TEXT_MAX} characters`}
          slotProps={{ htmlInput: { maxLength: GREETING_TEXT_MAX, 'data-testid': 'greeting-text' }, formHelperText: { 'data-testid': 'greeting-text-counter' } as object }} />
      )}
      {values.greeting_type === 'audio_file' && (
        <Stack spacing={1}>
          {values.greeting_audio_url ? (
            <Stack direction="row" spacing={1} alignItems="center">
              <Typography variant="body2" data-testid="greeting-audio-name">
                {values.greeting_audio_filename || values.greeting_audio_url.split('/').pop()}{pendingUpload ? ' (pending — click Save to apply)' : ''}
              </Typography>
              <IconButton size="small" aria-label="Remove audio file" onClick={removeAudio} data-testid="greeting-audio-remove">
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">No audio file chosen.</Typography>
          )}
          <Box>
            <UploadButton
              maxNumberOfFiles={1}
              maxFileSize={5_242_880}
              allowedFileTypes={['audio/mpeg', 'audio/wav', 'audio/x-wav', '.mp3', '.wav']}
              note="MP3 or WAV, up to 5 MB"
              onGetUploadParameters={file => provider.getUploadParameters({ filename: file.name, type: file.type, size: file.size, purpose: 'greeting_audio' })}
              onComplete={uploaded}
              buttonProps={{ variant: 'outlined', size: 'small' }}
            >
              Upload Audio
            </UploadButton>
          </Box>
        </Stack>
      )}
      <SelectInput source="tts_voice" label="Voice" size="small" choices={VOICE_CHOICES} translateChoice={false} isRequired helperText={false}
        sx={{ maxWidth: 280 }} slotProps={{ htmlInput: { 'data-testid': 'greeting-voice' } }} />
      <TextInput source="voicemail_max_length" type="number" label="Maximum recording length (seconds)" size="small" resettable={false}
        parse={(value: string) => value ?? ''} sx={{ maxWidth: 280 }}
        helperText={`${MAX_LENGTH_MIN}–${MAX_LENGTH_MAX} seconds; blank or invalid uses 120`}
        slotProps={{ htmlInput: { min: MAX_LENGTH_MIN, max: MAX_LENGTH_MAX, 'data-testid': 'greeting-max-length' } }} />
      <TranscriptionInput />
      {values.enable_transcription && maxLength > TRANSCRIPTION_LIMIT_SECONDS && (
        <Alert severity="info" data-testid="greeting-transcription-note">
          Transcripts cover the first {TRANSCRIPTION_LIMIT_SECONDS} seconds only: longer recordings are kept but not transcribed.
        </Alert>
      )}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" startIcon={<PlayArrowIcon />} onClick={preview} data-testid="greeting-preview"
          disabled={values.greeting_type === 'audio_file' && !values.greeting_audio_url}>
          Preview
        </Button>
        <PendingButton variant="contained" type="submit" pending={saving} label="Save" pendingLabel="Saving…" data-testid="greeting-save" />
      </Stack>
    </Stack>
  );
}
