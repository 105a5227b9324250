import { Injectable, Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';

/**
 * A domain event: a plain class with a static `eventName`, carrying ids, never entities.
 * Publish it only after the transaction that caused it has committed.
 */
export abstract class DomainEvent {
  static readonly eventName: string;
}

type EventClass = { eventName: string };

@Injectable()
export class DomainEvents {
  private readonly logger = new Logger(DomainEvents.name);

  constructor(private readonly emitter: EventEmitter2) {}

  /** Hands the event to its listeners; a failing listener is logged and never fails the caller. */
  publish(event: DomainEvent): void {
    const name = (event.constructor as unknown as EventClass).eventName;
    this.emitter.emitAsync(name, event).catch((error: Error) => {
      this.logger.error(`Listener of ${name} failed: ${error.message}`, error.stack);
    });
  }
}
