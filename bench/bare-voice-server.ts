/**
 * The voice webhook's baseline (issue 32): a bare node:http + pg server doing the same work as
 * POST /api/webhooks/twilio/voice — parse the form, the same one read (the account's organization and
 * the number called), check X-Twilio-Signature with the account's token (twilio's validateRequest, as
 * the app does), answer the greeting and <Record> TwiML. No framework, no ORM. Started by
 * bench/webhooks.ts on 127.0.0.1; stops when its parent does.
 *
 *   DATABASE_URL=... AUTH_TOKEN=... PUBLIC_BASE_URL=... PORT=0 node --experimental-strip-types bench/bare-voice-server.ts
 */
import { createServer } from 'node:http';
import pg from 'pg';
import twilio from 'twilio';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const authToken = process.env.AUTH_TOKEN ?? '';
const publicBaseUrl = process.env.PUBLIC_BASE_URL ?? '';

// The app's statement (brand-phone-number.repository.ts, INBOUND_ROUTE_SQL), prepared the same way.
const ROUTE = {
  name: 'inbound-route',
  text: `select o.id as organization_id, o.twilio_subaccount_sid as account_sid, o.twilio_subaccount_auth_token as sealed_auth_token,
       n.id as number_id, n.brand, n.phone_number, n.greeting_type, n.greeting_text, n.greeting_audio_url, n.tts_voice,
       n.voicemail_max_length, n.enable_transcription
from organizations o
left join brand_phone_numbers n on n.organization_id = o.id and n.phone_number = $1
where o.twilio_subaccount_sid = $2
limit 1`,
};

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    try {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const { rows } = await pool.query({ ...ROUTE, values: [form.To ?? null, form.AccountSid ?? null] });
      const row = rows[0];
      if (!row || !twilio.validateRequest(authToken, String(req.headers['x-twilio-signature'] ?? ''), `${publicBaseUrl}${req.url}`, form)) {
        res.writeHead(403, { 'content-type': 'application/json' }).end('{"statusCode":403}');
        return;
      }
      const voice = xml(row.tts_voice ?? 'alice');
      const greeting = row.greeting_type === 'text_to_speech' && row.greeting_text ? row.greeting_text : 'Thank you for calling. Please leave a message after the beep.';
      const query = new URLSearchParams({ number: row.number_id, from: form.From ?? '', transcription: row.enable_transcription ? 'pending' : 'disabled' }).toString();
      const body =
        `<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="${voice}">${xml(greeting)}</Say>` +
        `<Record maxLength="${row.voicemail_max_length}" playBeep="true" finishOnKey="#" action="${xml(`${publicBaseUrl}/api/webhooks/twilio/voice/recorded?${query}`)}" method="POST"` +
        ` recordingStatusCallback="${xml(`${publicBaseUrl}/api/webhooks/twilio/recording?${query}`)}" recordingStatusCallbackMethod="POST" recordingStatusCallbackEvent="completed"/>` +
        `<Say voice="${voice}">We did not receive a message. Goodbye.</Say><Hangup/></Response>`;
      res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
