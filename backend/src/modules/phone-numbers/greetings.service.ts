import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { ValidationFailedException } from '../../common/errors/app-exception.js';
import { AuditLogService } from '../audit-log/audit-log.service.js';
import { diffChanges } from '../audit-log/changes.js';
import { StorageService } from '../storage/storage.service.js';
import type { BrandPhoneNumber } from './brand-phone-number.entity.js';
import type { UpdateGreetingDto } from './dto/greeting.dto.js';
import { PhoneNumbersService } from './phone-numbers.service.js';
import { MESSAGES } from './phone-options.js';

/**
 * A number's voicemail configuration (spec part 2 sections 4, 5, 9). Text is kept only for a
 * text-to-speech greeting and the audio only for an audio-file greeting; the rest is cleared. A new
 * audio file is claimed from storage in the save's transaction; the one it replaces is deleted.
 */
/** What the audit log compares of a number's voicemail settings (the audio by its file name). */
function auditedGreeting(n: BrandPhoneNumber): Record<string, unknown> {
  return {
    greeting_type: n.greetingType,
    greeting_text: n.greetingText ?? null,
    greeting_audio_filename: n.greetingAudioFilename ?? null,
    tts_voice: n.ttsVoice ?? null,
    voicemail_max_length: n.voicemailMaxLength ?? null,
    enable_transcription: n.enableTranscription ?? null,
  };
}

@Injectable()
export class GreetingsService {
  private readonly logger = new Logger(GreetingsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly numbers: PhoneNumbersService,
    private readonly storage: StorageService,
    private readonly auditLog: AuditLogService,
  ) {}

  get(actor: Actor, id: string): Promise<BrandPhoneNumber> {
    return this.numbers.get(actor, id);
  }

  async update(actor: Actor, id: string, dto: UpdateGreetingDto): Promise<BrandPhoneNumber> {
    let previousAudio: string | null = null;
    const number = await this.em.transactional(async (tx) => {
      const number = await this.numbers.get(actor, id, tx);
      previousAudio = number.greetingAudioUrl ?? null;
      const before = auditedGreeting(number);
      const type = dto.greeting_type ?? number.greetingType;
      const text = dto.greeting_text !== undefined ? dto.greeting_text : number.greetingText;
      const audioUrl = dto.greeting_audio_url !== undefined ? dto.greeting_audio_url : number.greetingAudioUrl;
      const audioName = dto.greeting_audio_filename !== undefined ? dto.greeting_audio_filename : number.greetingAudioFilename;

      if (type === 'text_to_speech' && !text) {
        throw new ValidationFailedException([{ field: 'greeting_text', message: MESSAGES.greetingTextRequired }]);
      }
      if (type === 'audio_file' && !audioUrl) {
        throw new ValidationFailedException([{ field: 'greeting_audio_url', message: MESSAGES.greetingAudioRequired }]);
      }
      const keptAudio = type === 'audio_file' ? audioUrl! : null;
      if (keptAudio && keptAudio !== previousAudio) {
        try {
          await this.storage.claim(actor.organizationId, keptAudio, tx);
        } catch (error) {
          throw new ValidationFailedException([{ field: 'greeting_audio_url', message: (error as Error).message }]);
        }
      }
      number.greetingType = type;
      number.greetingText = type === 'text_to_speech' ? text : null;
      number.greetingAudioUrl = keptAudio;
      number.greetingAudioFilename = keptAudio ? (audioName ?? null) : null;
      if (dto.tts_voice !== undefined) number.ttsVoice = dto.tts_voice;
      if (dto.voicemail_max_length !== undefined) number.voicemailMaxLength = dto.voicemail_max_length;
      if (dto.enable_transcription !== undefined) number.enableTranscription = dto.enable_transcription;
      const changes = diffChanges(before, auditedGreeting(number));
      if (changes.length) this.auditLog.record(tx, actor, 'settings_changed', { subject: `Greeting of ${number.phoneNumber}`, changes });
      return number;
    });
    if (previousAudio && previousAudio !== number.greetingAudioUrl) await this.discard(actor.organizationId, previousAudio);
    return number;
  }

  /** The replaced file is no longer any setting's; a failure leaves it for later, not the save. */
  async discard(organizationId: string, objectPath: string): Promise<void> {
    await this.storage.remove(organizationId, objectPath).catch((error: Error) =>
      this.logger.warn(`Could not delete the replaced greeting ${objectPath}: ${error.message}`),
    );
  }
}
