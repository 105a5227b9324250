import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import type { Actor } from '../../common/auth/actor.js';
import { ValidationFailedException } from '../../common/errors/app-exception.js';
import type { BrandPhoneNumber } from './brand-phone-number.entity.js';
import type { UpdateGreetingDto } from './dto/greeting.dto.js';
import { PhoneNumbersService } from './phone-numbers.service.js';
import { MESSAGES } from './phone-options.js';

/**
 * A number's voicemail configuration (spec part 2 sections 4, 5, 9). Text is kept only for a
 * text-to-speech greeting and the audio only for an audio-file greeting; the rest is cleared.
 */
@Injectable()
export class GreetingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly numbers: PhoneNumbersService,
  ) {}

  get(actor: Actor, id: string): Promise<BrandPhoneNumber> {
    return this.numbers.get(actor, id);
  }

  async update(actor: Actor, id: string, dto: UpdateGreetingDto): Promise<BrandPhoneNumber> {
    const number = await this.numbers.get(actor, id);
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
    number.greetingType = type;
    number.greetingText = type === 'text_to_speech' ? text : null;
    number.greetingAudioUrl = type === 'audio_file' ? audioUrl : null;
    number.greetingAudioFilename = type === 'audio_file' ? (audioName ?? null) : null;
    if (dto.tts_voice !== undefined) number.ttsVoice = dto.tts_voice;
    if (dto.voicemail_max_length !== undefined) number.voicemailMaxLength = dto.voicemail_max_length;
    if (dto.enable_transcription !== undefined) number.enableTranscription = dto.enable_transcription;
    await this.em.flush();
    return number;
  }
}
