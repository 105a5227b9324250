import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AvailableNumber, areaCodeOf, catalogue, matchesContains } from './catalogue.js';
import { toneWav } from './wav.js';

/**
 * A fake Twilio REST API on 127.0.0.1 for tests and offline use (`npm run fake:twilio`): the
 * 2010-04-01 paths the app calls through the real SDK, with Basic auth checked per account. It
 * records every request, can fail the next N on demand, and serves each recording as a real WAV
 * with Range support. A small control API under `/_fake/` lets other processes (the call
 * simulator) arrange state.
 */

export interface FakeAccount {
  sid: string;
  authToken: string;
  friendlyName: string;
  /** The main account a subaccount was created under. */
  ownerAccountSid: string | null;
}

export interface FakeNumber {
  sid: string;
  accountSid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string;
  voiceMethod: string;
  smsUrl: string;
  capabilities: AvailableNumber['capabilities'];
  createdAt: string;
}

export interface FakeCall { sid: string; accountSid: string; to: string; from: string; url: string | null; twiml: string | null; statusCallback: string | null }
export interface FakeMessage { sid: string; accountSid: string; to: string; from: string; body: string; dateCreated: string }
export interface FakeRecording { sid: string; accountSid: string; callSid: string; duration: number; createdAt: string }
export interface FakeKey { sid: string; accountSid: string; secret: string; friendlyName: string }
export interface FakeApplication { sid: string; accountSid: string; friendlyName: string; voiceUrl: string }
/** An A2P 10DLC brand registration (Messaging v1), as Twilio's console leaves it. */
export interface FakeBrandRegistration {
  sid: string;
  accountSid: string;
  status: 'PENDING' | 'APPROVED' | 'FAILED' | 'IN_REVIEW' | 'DELETION_PENDING' | 'DELETION_FAILED' | 'SUSPENDED';
  failureReason: string | null;
  createdAt: string;
}

/** What a local number costs a month, per country (Pricing v1), in USD. */
export const FAKE_MONTHLY_PRICES: Record<string, { local: string; tollFree: string }> = {
  US: { local: '1.15', tollFree: '2.15' },
  CA: { local: '1.15', tollFree: '2.15' },
  GB: { local: '1.15', tollFree: '2.15' },
};

export interface RecordedRequest {
  method: string;
  path: string;
  /** The Basic-auth username (an account SID); the password is never kept. */
  username: string | null;
  query: Record<string, string>;
  form: Record<string, string>;
  headers: Record<string, string>;
}

/**
 * 'error': a 500 from "Twilio"; 'unreachable': the connection dropped before Twilio saw the request;
 * 'lost-response': Twilio does the work, and the connection drops before its answer reaches the app.
 */
export type FailureMode = 'error' | 'unreachable' | 'lost-response';

export interface FakeTwilioState {
  accounts: FakeAccount[];
  numbers: FakeNumber[];
  recordings: FakeRecording[];
  keys: FakeKey[];
  applications: FakeApplication[];
  brandRegistrations?: FakeBrandRegistration[];
}

const API = '/2010-04-01';

export function sid(prefix: string): string {
  return `${prefix}${randomBytes(16).toString('hex')}`;
}

class TwilioError extends Error {
  constructor(readonly status: number, readonly code: number, message: string) {
    super(message);
  }
}

function iso(): string {
  return new Date().toUTCString();
}

export class FakeTwilio {
  readonly accounts = new Map<string, FakeAccount>();
  readonly numbers = new Map<string, FakeNumber>();
  readonly calls: FakeCall[] = [];
  readonly messages: FakeMessage[] = [];
  readonly recordings = new Map<string, FakeRecording>();
  readonly keys = new Map<string, FakeKey>();
  readonly applications = new Map<string, FakeApplication>();
  readonly brandRegistrations = new Map<string, FakeBrandRegistration>();
  readonly requests: RecordedRequest[] = [];
  private failures: FailureMode[] = [];
  private server?: Server;
  private readonly wavCache = new Map<number, Buffer>();
  /** Called after every change (the CLI saves the state to a file). */
  onChange?: () => void;

  url = '';

  static async start(options: { port?: number; host?: string; state?: FakeTwilioState } = {}): Promise<FakeTwilio> {
    const fake = new FakeTwilio();
    if (options.state) fake.load(options.state);
    await fake.listen(options.port ?? 0, options.host ?? '127.0.0.1');
    return fake;
  }

  private listen(port: number, host: string): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    return new Promise((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, () => {
        const address = this.server!.address() as AddressInfo;
        this.url = `http://${host}:${address.port}`;
        resolve();
      });
    });
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  // ---- arranging state (tests and the control API) ----

  /** A main account with its credentials. */
  addAccount(options: Partial<FakeAccount> = {}): FakeAccount {
    const account: FakeAccount = {
      sid: options.sid ?? sid('AC'),
      authToken: options.authToken ?? randomBytes(16).toString('hex'),
      friendlyName: options.friendlyName ?? 'Fake account',
      ownerAccountSid: options.ownerAccountSid ?? null,
    };
    this.accounts.set(account.sid, account);
    this.changed();
    return account;
  }

  /** A number the account already owns at Twilio (what "Import" links). */
  addNumber(accountSid: string, phoneNumber: string, options: { voiceUrl?: string; smsUrl?: string; friendlyName?: string } = {}): FakeNumber {
    const number: FakeNumber = {
      sid: sid('PN'),
      accountSid,
      phoneNumber,
      friendlyName: options.friendlyName ?? phoneNumber,
      voiceUrl: options.voiceUrl ?? '',
      voiceMethod: 'POST',
      smsUrl: options.smsUrl ?? '',
      capabilities: { voice: true, SMS: true, MMS: true, fax: false },
      createdAt: iso(),
    };
    this.numbers.set(number.sid, number);
    this.changed();
    return number;
  }

  /** The number leaves the account at Twilio (released in the console, say): our app still lists it. */
  removeNumber(phoneNumber: string): boolean {
    const number = this.numberByPhone(phoneNumber);
    if (!number) return false;
    this.numbers.delete(number.sid);
    this.changed();
    return true;
  }

  /**
   * Creates the account's A2P brand registration, or moves an existing one (by `sid`, else the
   * account's newest) to `status`, with Twilio's failure reason when it failed.
   */
  setBrandRegistration(accountSid: string, status: FakeBrandRegistration['status'], failureReason: string | null = null, brandSid?: string): FakeBrandRegistration {
    const existing = brandSid ? this.brandRegistrations.get(brandSid) : [...this.brandRegistrations.values()].filter((b) => b.accountSid === accountSid).at(-1);
    const brand: FakeBrandRegistration = existing ?? { sid: sid('BN'), accountSid, status, failureReason, createdAt: new Date().toISOString() };
    brand.status = status;
    brand.failureReason = status === 'FAILED' ? failureReason : null;
    this.brandRegistrations.set(brand.sid, brand);
    this.changed();
    return brand;
  }

  /** A finished recording of a call, `duration` seconds long. */
  addRecording(accountSid: string, callSid: string, duration: number): FakeRecording {
    const recording: FakeRecording = { sid: sid('RE'), accountSid, callSid, duration, createdAt: iso() };
    this.recordings.set(recording.sid, recording);
    this.changed();
    return recording;
  }

  numberByPhone(phoneNumber: string): FakeNumber | undefined {
    return [...this.numbers.values()].find((n) => n.phoneNumber === phoneNumber);
  }

  /** The next `count` REST requests fail (see FailureMode). */
  failNext(count: number, mode: FailureMode = 'error'): void {
    this.failures = Array.from({ length: count }, () => mode);
  }

  /** REST requests received (control requests excluded), optionally only those matching. */
  received(method?: string, pathPattern?: RegExp): RecordedRequest[] {
    return this.requests.filter((r) => (!method || r.method === method) && (!pathPattern || pathPattern.test(r.path)));
  }

  clearRequests(): void {
    this.requests.length = 0;
  }

  wav(seconds: number): Buffer {
    const key = Math.max(1, Math.min(600, Math.round(seconds)));
    let wav = this.wavCache.get(key);
    if (!wav) {
      wav = toneWav(key);
      this.wavCache.set(key, wav);
    }
    return wav;
  }

  state(): FakeTwilioState {
    return {
      accounts: [...this.accounts.values()],
      numbers: [...this.numbers.values()],
      recordings: [...this.recordings.values()],
      keys: [...this.keys.values()],
      applications: [...this.applications.values()],
      brandRegistrations: [...this.brandRegistrations.values()],
    };
  }

  private load(state: FakeTwilioState): void {
    for (const a of state.accounts ?? []) this.accounts.set(a.sid, a);
    for (const n of state.numbers ?? []) this.numbers.set(n.sid, n);
    for (const r of state.recordings ?? []) this.recordings.set(r.sid, r);
    for (const k of state.keys ?? []) this.keys.set(k.sid, k);
    for (const a of state.applications ?? []) this.applications.set(a.sid, a);
    for (const b of state.brandRegistrations ?? []) this.brandRegistrations.set(b.sid, b);
  }

  private changed(): void {
    this.onChange?.();
  }

  // ---- HTTP ----

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const body = await readBody(req);
    const form = Object.fromEntries(new URLSearchParams(body));
    try {
      if (url.pathname.startsWith('/_fake/')) return this.control(req.method ?? 'GET', url, body, res);
      const username = basicUser(req.headers.authorization);
      this.requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        username,
        query: Object.fromEntries(url.searchParams),
        form: req.method === 'POST' ? form : {},
        headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'authorization').map(([k, v]) => [k, String(v)])),
      });
      const failure = this.failures.shift();
      if (failure === 'unreachable') {
        req.socket.destroy();
        return;
      }
      if (failure === 'error') throw new TwilioError(500, 20500, 'Internal Server Error');
      const caller = this.authenticate(req.headers.authorization);
      if (failure === 'lost-response') {
        this.route(req, new ServerResponse(req), url, form, caller);
        req.socket.destroy();
        return;
      }
      this.route(req, res, url, form, caller);
    } catch (error) {
      if (error instanceof TwilioError) {
        json(res, error.status, { code: error.code, message: error.message, more_info: `https://www.twilio.com/docs/errors/${error.code}`, status: error.status });
      } else {
        json(res, 500, { code: 20500, message: (error as Error).message, status: 500 });
      }
    }
  }

  private authenticate(header: string | undefined): FakeAccount {
    const [user, password] = basicCredentials(header);
    const account = user ? this.accounts.get(user) : undefined;
    if (!account || account.authToken !== password) throw new TwilioError(401, 20003, 'Authenticate');
    return account;
  }

  /** The account a path names, which the caller must be (or own, for a subaccount). */
  private account(caller: FakeAccount, accountSid: string): FakeAccount {
    const account = this.accounts.get(accountSid);
    if (!account || (account.sid !== caller.sid && account.ownerAccountSid !== caller.sid)) {
      throw new TwilioError(404, 20404, `The requested resource ${API}/Accounts/${accountSid}.json was not found`);
    }
    return account;
  }

  private route(req: IncomingMessage, res: ServerResponse, url: URL, form: Record<string, string>, caller: FakeAccount): void {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let m: RegExpMatchArray | null;

    if (method === 'POST' && path === `${API}/Accounts.json`) {
      const created = this.addAccount({ friendlyName: form.FriendlyName ?? 'Subaccount', ownerAccountSid: caller.sid });
      return json(res, 201, accountJson(created));
    }
    if ((m = path.match(/^\/2010-04-01\/Accounts\/(AC\w+)\.json$/)) && method === 'GET') {
      return json(res, 200, accountJson(this.account(caller, m[1])));
    }
    // Messaging v1: the caller's A2P brand registrations.
    if (path === '/v1/a2p/BrandRegistrations' && method === 'GET') {
      const list = [...this.brandRegistrations.values()].filter((b) => b.accountSid === caller.sid).map(brandJson);
      const pageUrl = 'https://messaging.twilio.com/v1/a2p/BrandRegistrations?PageSize=50&Page=0';
      return json(res, 200, { data: list, meta: { page: 0, page_size: 50, first_page_url: pageUrl, previous_page_url: null, url: pageUrl, next_page_url: null, key: 'data' } });
    }
    if ((m = path.match(/^\/v1\/a2p\/BrandRegistrations\/(BN\w+)$/)) && method === 'GET') {
      const brand = this.brandRegistrations.get(m[1]);
      if (!brand || brand.accountSid !== caller.sid) throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
      return json(res, 200, brandJson(brand));
    }
    // Pricing v1: what a number costs a month in a country.
    if ((m = path.match(/^\/v1\/PhoneNumbers\/Countries\/([A-Z]{2})$/)) && method === 'GET') {
      const prices = FAKE_MONTHLY_PRICES[m[1]];
      if (!prices) throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
      return json(res, 200, {
        country: m[1], iso_country: m[1], price_unit: 'USD', url: `https://pricing.twilio.com${path}`,
        phone_number_prices: [
          { number_type: 'local', base_price: prices.local, current_price: prices.local },
          { number_type: 'toll free', base_price: prices.tollFree, current_price: prices.tollFree },
        ],
      });
    }
    m = path.match(/^\/2010-04-01\/Accounts\/(AC\w+)\/(.+)$/);
    if (!m) throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
    const account = this.account(caller, m[1]);
    const rest = m[2];

    if ((m = rest.match(/^AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/)) && method === 'GET') {
      return json(res, 200, this.search(account, m[1], url.searchParams));
    }
    if (rest === 'IncomingPhoneNumbers.json' && method === 'GET') {
      const wanted = url.searchParams.get('PhoneNumber');
      const list = [...this.numbers.values()].filter((n) => n.accountSid === account.sid && (!wanted || n.phoneNumber === wanted));
      return json(res, 200, page('incoming_phone_numbers', rest, account.sid, list.map(numberJson)));
    }
    if (rest === 'IncomingPhoneNumbers.json' && method === 'POST') {
      return json(res, 201, numberJson(this.purchase(account, form)));
    }
    if ((m = rest.match(/^IncomingPhoneNumbers\/(PN\w+)\.json$/))) {
      const number = this.numbers.get(m[1]);
      if (!number || number.accountSid !== account.sid) throw new TwilioError(404, 20404, `The requested resource /${rest} was not found`);
      if (method === 'GET') return json(res, 200, numberJson(number));
      if (method === 'POST') {
        if (form.VoiceUrl !== undefined) number.voiceUrl = form.VoiceUrl;
        if (form.VoiceMethod !== undefined) number.voiceMethod = form.VoiceMethod;
        if (form.SmsUrl !== undefined) number.smsUrl = form.SmsUrl;
        if (form.FriendlyName !== undefined) number.friendlyName = form.FriendlyName;
        this.changed();
        return json(res, 200, numberJson(number));
      }
      if (method === 'DELETE') {
        this.numbers.delete(number.sid);
        this.changed();
        res.writeHead(204).end();
        return;
      }
    }
    if (rest === 'Calls.json' && method === 'POST') {
      if (!form.To || !form.From) throw new TwilioError(400, 21201, 'No \'To\' number is specified');
      if (!form.Url && !form.Twiml) throw new TwilioError(400, 21205, 'Url parameter is required.');
      const call: FakeCall = { sid: sid('CA'), accountSid: account.sid, to: form.To, from: form.From, url: form.Url ?? null, twiml: form.Twiml ?? null, statusCallback: form.StatusCallback ?? null };
      this.calls.push(call);
      return json(res, 201, { sid: call.sid, account_sid: account.sid, to: call.to, from: call.from, status: 'queued', direction: 'outbound-api', date_created: iso() });
    }
    if (rest === 'Messages.json' && method === 'POST') {
      if (!form.To || (!form.From && !form.MessagingServiceSid)) throw new TwilioError(400, 21604, 'A \'To\' phone number is required.');
      const message: FakeMessage = { sid: sid('SM'), accountSid: account.sid, to: form.To, from: form.From ?? '', body: form.Body ?? '', dateCreated: iso() };
      this.messages.push(message);
      return json(res, 201, messageJson(message));
    }
    if (rest === 'Messages.json' && method === 'GET') {
      // Newest first, as Twilio lists them; To and From filter (the date filters are not needed here).
      const to = url.searchParams.get('To');
      const from = url.searchParams.get('From');
      const list = this.messages.filter((m) => m.accountSid === account.sid && (!to || m.to === to) && (!from || m.from === from)).reverse();
      return json(res, 200, page('messages', rest, account.sid, list.map(messageJson)));
    }
    if (rest === 'Keys.json' && method === 'POST') {
      const key: FakeKey = { sid: sid('SK'), accountSid: account.sid, secret: randomBytes(16).toString('hex'), friendlyName: form.FriendlyName ?? '' };
      this.keys.set(key.sid, key);
      this.changed();
      return json(res, 201, { sid: key.sid, friendly_name: key.friendlyName, secret: key.secret, date_created: iso() });
    }
    if (rest === 'Applications.json' && method === 'POST') {
      const app: FakeApplication = { sid: sid('AP'), accountSid: account.sid, friendlyName: form.FriendlyName ?? '', voiceUrl: form.VoiceUrl ?? '' };
      this.applications.set(app.sid, app);
      this.changed();
      return json(res, 201, { sid: app.sid, account_sid: account.sid, friendly_name: app.friendlyName, voice_url: app.voiceUrl, voice_method: 'POST' });
    }
    if ((m = rest.match(/^Applications\/(AP\w+)\.json$/)) && method === 'POST') {
      const app = this.applications.get(m[1]);
      if (!app || app.accountSid !== account.sid) throw new TwilioError(404, 20404, `The requested resource /${rest} was not found`);
      if (form.VoiceUrl !== undefined) app.voiceUrl = form.VoiceUrl;
      this.changed();
      return json(res, 200, { sid: app.sid, account_sid: account.sid, friendly_name: app.friendlyName, voice_url: app.voiceUrl, voice_method: 'POST' });
    }
    if ((m = rest.match(/^Recordings\/(RE\w+)(\.json|\.wav)?$/)) && method === 'GET') {
      const recording = this.recordings.get(m[1]);
      if (!recording || recording.accountSid !== account.sid) throw new TwilioError(404, 20404, `The requested resource /${rest} was not found`);
      if (m[2] === '.json') {
        return json(res, 200, {
          sid: recording.sid, account_sid: account.sid, call_sid: recording.callSid, duration: String(recording.duration),
          status: 'completed', channels: 1, source: 'RecordVerb', date_created: recording.createdAt,
          uri: `${API}/Accounts/${account.sid}/Recordings/${recording.sid}.json`,
        });
      }
      return sendRange(req, res, this.wav(recording.duration), 'audio/x-wav');
    }
    if ((m = rest.match(/^Recordings\/(RE\w+)\.json$/)) && method === 'DELETE') {
      // The SDK's recordings(sid).remove(): gone for good (a customer's erasure, issue 35).
      const recording = this.recordings.get(m[1]);
      if (!recording || recording.accountSid !== account.sid) throw new TwilioError(404, 20404, `The requested resource /${rest} was not found`);
      this.recordings.delete(recording.sid);
      this.changed();
      res.writeHead(204).end();
      return;
    }
    throw new TwilioError(404, 20404, `The requested resource ${path} was not found`);
  }

  private search(account: FakeAccount, country: string, params: URLSearchParams) {
    const owned = new Set([...this.numbers.values()].map((n) => n.phoneNumber));
    const areaCode = params.get('AreaCode');
    const contains = params.get('Contains');
    if (areaCode && country === 'GB') throw new TwilioError(400, 21421, 'AreaCode is only supported for US and CA numbers');
    const wants = (name: string) => params.get(name) === 'true';
    const size = Math.min(Number(params.get('PageSize') ?? 20) || 20, 1000);
    const results = catalogue(country)
      .filter((n) => !owned.has(n.phoneNumber))
      .filter((n) => !areaCode || areaCodeOf(n.phoneNumber, country) === areaCode)
      .filter((n) => !contains || matchesContains(n.phoneNumber, country, contains))
      .filter((n) => (!wants('VoiceEnabled') || n.capabilities.voice) && (!wants('SmsEnabled') || n.capabilities.SMS)
        && (!wants('MmsEnabled') || n.capabilities.MMS) && (!wants('FaxEnabled') || n.capabilities.fax))
      .slice(0, size);
    return {
      available_phone_numbers: results.map((n) => ({
        phone_number: n.phoneNumber, friendly_name: n.friendlyName, locality: n.locality, region: n.region,
        iso_country: n.isoCountry, postal_code: n.postalCode, lata: null, rate_center: null, latitude: null, longitude: null,
        beta: false, address_requirements: 'none', capabilities: n.capabilities,
      })),
      uri: `${API}/Accounts/${account.sid}/AvailablePhoneNumbers/${country}/Local.json`,
    };
  }

  private purchase(account: FakeAccount, form: Record<string, string>): FakeNumber {
    const phoneNumber = form.PhoneNumber;
    if (!phoneNumber) throw new TwilioError(400, 21452, 'No phone numbers found');
    const offered = ['US', 'CA', 'GB'].flatMap((c) => catalogue(c)).find((n) => n.phoneNumber === phoneNumber);
    if (!offered || this.numberByPhone(phoneNumber)) {
      throw new TwilioError(400, 21422, `PhoneNumber ${phoneNumber} is not available`);
    }
    const number = this.addNumber(account.sid, phoneNumber, { voiceUrl: form.VoiceUrl ?? '', smsUrl: form.SmsUrl ?? '', friendlyName: form.FriendlyName ?? offered.friendlyName });
    number.capabilities = offered.capabilities;
    if (form.VoiceMethod) number.voiceMethod = form.VoiceMethod;
    return number;
  }

  private control(method: string, url: URL, body: string, res: ServerResponse): void {
    const input = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    const path = url.pathname;
    if (method === 'POST' && path === '/_fake/accounts') {
      return json(res, 201, this.addAccount(input as Partial<FakeAccount>));
    }
    if (method === 'GET' && path === '/_fake/numbers') {
      const number = this.numberByPhone(url.searchParams.get('phoneNumber') ?? '');
      if (!number) return json(res, 404, { message: 'No such number at the fake Twilio' });
      return json(res, 200, { ...number, authToken: this.accounts.get(number.accountSid)?.authToken });
    }
    if (method === 'POST' && path === '/_fake/numbers') {
      return json(res, 201, this.addNumber(String(input.accountSid), String(input.phoneNumber)));
    }
    if (method === 'DELETE' && path === '/_fake/numbers') {
      const removed = this.removeNumber(url.searchParams.get('phoneNumber') ?? '');
      return removed ? void res.writeHead(204).end() : json(res, 404, { message: 'No such number at the fake Twilio' });
    }
    if (method === 'POST' && path === '/_fake/brand-registrations') {
      const status = String(input.status ?? 'PENDING') as FakeBrandRegistration['status'];
      return json(res, 200, this.setBrandRegistration(String(input.accountSid), status, input.failureReason ? String(input.failureReason) : null, input.sid ? String(input.sid) : undefined));
    }
    if (method === 'POST' && path === '/_fake/recordings') {
      return json(res, 201, this.addRecording(String(input.accountSid), String(input.callSid), Number(input.duration ?? 10)));
    }
    if (method === 'POST' && path === '/_fake/fail') {
      this.failNext(Number(input.count ?? 1), input.mode === 'unreachable' || input.mode === 'lost-response' ? input.mode : 'error');
      return json(res, 200, { failing: Number(input.count ?? 1) });
    }
    if (method === 'GET' && path === '/_fake/requests') return json(res, 200, this.requests);
    if (method === 'GET' && path === '/_fake/calls') return json(res, 200, this.calls);
    if (method === 'GET' && path === '/_fake/messages') return json(res, 200, this.messages);
    json(res, 404, { message: 'Unknown control path' });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function basicCredentials(header: string | undefined): [string | null, string | null] {
  if (!header?.startsWith('Basic ')) return [null, null];
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? [decoded, null] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

function basicUser(header: string | undefined): string | null {
  return basicCredentials(header)[0];
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

function messageJson(m: FakeMessage) {
  return {
    sid: m.sid, account_sid: m.accountSid, to: m.to, from: m.from, body: m.body, status: 'queued', direction: 'outbound-api',
    date_created: m.dateCreated, date_sent: m.dateCreated, date_updated: m.dateCreated, num_segments: '1',
  };
}

function accountJson(a: FakeAccount) {
  return {
    sid: a.sid, owner_account_sid: a.ownerAccountSid ?? a.sid, friendly_name: a.friendlyName, status: 'active',
    type: 'Full', auth_token: a.authToken, date_created: iso(), date_updated: iso(), uri: `${API}/Accounts/${a.sid}.json`,
  };
}

function numberJson(n: FakeNumber) {
  return {
    sid: n.sid, account_sid: n.accountSid, phone_number: n.phoneNumber, friendly_name: n.friendlyName,
    voice_url: n.voiceUrl, voice_method: n.voiceMethod, sms_url: n.smsUrl ?? '', sms_method: 'POST', status: 'in-use',
    capabilities: { voice: n.capabilities.voice, sms: n.capabilities.SMS, mms: n.capabilities.MMS, fax: n.capabilities.fax },
    date_created: n.createdAt, date_updated: iso(), uri: `${API}/Accounts/${n.accountSid}/IncomingPhoneNumbers/${n.sid}.json`,
  };
}

function brandJson(b: FakeBrandRegistration) {
  return {
    sid: b.sid, account_sid: b.accountSid, customer_profile_bundle_sid: null, a2p_profile_bundle_sid: null,
    date_created: b.createdAt, date_updated: new Date().toISOString(), brand_type: 'STANDARD', status: b.status,
    tcr_id: null, failure_reason: b.failureReason, errors: b.failureReason ? [{ code: 30794, description: b.failureReason }] : [],
    url: `https://messaging.twilio.com/v1/a2p/BrandRegistrations/${b.sid}`, brand_score: null, brand_feedback: null,
    identity_status: b.status === 'APPROVED' ? 'VERIFIED' : 'UNVERIFIED', russell_3000: false, government_entity: false,
    tax_exempt_status: null, skip_automatic_sec_vet: false, mock: false, links: {},
  };
}

function page(key: string, rest: string, accountSid: string, items: unknown[]) {
  const uri = `${API}/Accounts/${accountSid}/${rest}`;
  return {
    [key]: items, first_page_uri: uri, next_page_uri: null, previous_page_uri: null,
    page: 0, page_size: 50, start: 0, end: Math.max(0, items.length - 1), uri,
  };
}

/** Serves a body honouring a single `Range: bytes=a-b` (or `a-`, `-n`), as Twilio's media does. */
function sendRange(req: IncomingMessage, res: ServerResponse, data: Buffer, type: string): void {
  const size = data.length;
  const header = req.headers.range;
  const base = { 'Content-Type': type, 'Accept-Ranges': 'bytes' };
  if (!header) {
    res.writeHead(200, { ...base, 'Content-Length': size });
    res.end(data);
    return;
  }
  const m = header.match(/^bytes=(\d*)-(\d*)$/);
  let start = m && m[1] !== '' ? Number(m[1]) : NaN;
  let end = m && m[2] !== '' ? Number(m[2]) : NaN;
  if (m && m[1] === '' && m[2] !== '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else if (!Number.isNaN(start) && Number.isNaN(end)) {
    end = size - 1;
  }
  end = Math.min(end, size - 1);
  if (!m || Number.isNaN(start) || Number.isNaN(end) || start > end || start >= size) {
    res.writeHead(416, { ...base, 'Content-Range': `bytes */${size}` });
    res.end();
    return;
  }
  res.writeHead(206, { ...base, 'Content-Length': end - start + 1, 'Content-Range': `bytes ${start}-${end}/${size}` });
  res.end(data.subarray(start, end + 1));
}
