import { forwardRef, type ReactNode, useImperativeHandle, useRef } from 'react';
import { Box, Button, CircularProgress, Stack, TextField, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import { Form, useInput } from 'react-admin';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import { type ChannelChoice, REPLY_MAX_LENGTH, replyBodyError, type ReplyChannel } from '../../../lib/conversation';
import type { NewTicketMessage } from '../../../providers/types';

export interface ReplyBoxHandle {
  /** Selects a channel (when available) and puts the cursor in the text: Contact Customer. */
  focus(channel?: ReplyChannel): void;
}

interface ReplyBoxProps {
  choices: readonly ChannelChoice[];
  initialChannel: ReplyChannel;
  pending: boolean;
  /** Resolves true when the message was accepted (the box is then cleared). */
  onSend(message: NewTicketMessage): Promise<boolean>;
  /**
   * Tools above the text, given a function that inserts text at the end of the reply (where the
   * canned replies' CannedReplyPicker goes).
   */
  tools?: (insert: (text: string) => void) => ReactNode;
}

const BODY_RULES = [(value: string | null | undefined, values: FieldValues) => replyBodyError(value, (values.channel as ReplyChannel) ?? 'email')];

/** The reply box: E-mail / SMS / Internal comment (unavailable ones disabled, with why), the text, and Send. */
export const ReplyBox = forwardRef<ReplyBoxHandle, ReplyBoxProps>(function ReplyBox({ choices, initialChannel, pending, onSend, tools }, ref) {
  return (
    <Form
      record={{ channel: initialChannel, body: '', subject: '' }}
      onSubmit={() => undefined}
      noValidate
      mode="onSubmit"
      reValidateMode="onChange"
    >
      <ReplyFields ref={ref} choices={choices} pending={pending} onSend={onSend} tools={tools} />
    </Form>
  );
});

const ReplyFields = forwardRef<ReplyBoxHandle, Omit<ReplyBoxProps, 'initialChannel'>>(function ReplyFields({ choices, pending, onSend, tools }, ref) {
  const form = useFormContext();
  const { field: channelField } = useInput<string>({ source: 'channel' });
  const { field: bodyField, fieldState } = useInput<string>({ source: 'body', validate: BODY_RULES });
  const { field: subjectField } = useInput<string>({ source: 'subject' });
  const textRef = useRef<HTMLTextAreaElement | null>(null);
  const channel = (useWatch({ name: 'channel' }) ?? 'comment') as ReplyChannel;
  const body: string = useWatch({ name: 'body' }) ?? '';

  useImperativeHandle(ref, () => ({
    focus(wanted) {
      if (wanted && choices.some(c => c.channel === wanted && !c.disabled)) channelField.onChange(wanted);
      textRef.current?.focus();
    },
  }));

  const insert = (text: string) => {
    const current = String(form.getValues('body') ?? '');
    bodyField.onChange(current ? `${current.replace(/\s+$/, '')}\n${text}` : text);
    textRef.current?.focus();
  };

  const submit = form.handleSubmit(async values => {
    const message: NewTicketMessage = { channel: values.channel, body: String(values.body ?? '').trim() };
    if (values.channel === 'email' && String(values.subject ?? '').trim()) message.subject = String(values.subject).trim();
    if (await onSend(message)) form.reset({ channel: values.channel, body: '', subject: '' });
  });

  const selected = choices.find(c => c.channel === channel);
  const sendLabel = channel === 'comment' ? 'Add Comment' : channel === 'sms' ? 'Send SMS' : 'Send E-mail';
  return (
    <Box component="div" data-testid="reply-box" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={channel}
        onChange={(_event, value: ReplyChannel | null) => value && channelField.onChange(value)}
        aria-label="Reply by"
        sx={{ mb: 1, flexWrap: 'wrap' }}
      >
        {choices.map(choice => (
          <Tooltip key={choice.channel} title={choice.reason ?? ''}>
            {/* a disabled button shows no tooltip: the span does */}
            <span>
              <ToggleButton value={choice.channel} disabled={choice.disabled} data-testid={`reply-channel-${choice.channel}`} aria-label={choice.label}>
                {choice.label}
              </ToggleButton>
            </span>
          </Tooltip>
        ))}
      </ToggleButtonGroup>
      {choices.filter(c => c.disabled).map(c => (
        <Typography key={c.channel} variant="caption" color="text.secondary" sx={{ display: 'block' }} data-testid={`reply-channel-${c.channel}-reason`}>
          {c.label}: {c.reason}
        </Typography>
      ))}
      {tools ? <Box sx={{ my: 1 }} data-testid="reply-tools">{tools(insert)}</Box> : null}
      {channel === 'email' ? (
        <TextField
          fullWidth
          size="small"
          label="Subject (optional)"
          value={subjectField.value ?? ''}
          onChange={event => subjectField.onChange(event.target.value)}
          sx={{ mt: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'reply-subject', maxLength: 200 } }}
        />
      ) : null}
      <TextField
        fullWidth
        multiline
        minRows={3}
        maxRows={12}
        label={channel === 'comment' ? 'Internal comment (only your team sees it)' : `Reply to the customer by ${selected?.label ?? channel}`}
        name={bodyField.name}
        inputRef={(element: HTMLTextAreaElement | null) => {
          textRef.current = element;
          bodyField.ref(element);
        }}
        value={bodyField.value ?? ''}
        onChange={event => bodyField.onChange(event.target.value)}
        onBlur={bodyField.onBlur}
        error={Boolean(fieldState.error)}
        helperText={
          <Stack component="span" direction="row" justifyContent="space-between" gap={2}>
            <span data-testid="reply-error">{fieldState.error?.message ?? ''}</span>
            <span>{`${body.trim().length} / ${REPLY_MAX_LENGTH[channel]}`}</span>
          </Stack>
        }
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { 'data-testid': 'reply-body' } }}
      />
      <Stack direction="row" justifyContent="flex-end" sx={{ mt: 1 }}>
        <Button
          variant="contained"
          disabled={pending || !body.trim() || Boolean(selected?.disabled)}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : null}
          onClick={() => void submit()}
          data-testid="reply-send"
        >
          {pending ? 'Sending...' : sendLabel}
        </Button>
      </Stack>
    </Box>
  );
});
