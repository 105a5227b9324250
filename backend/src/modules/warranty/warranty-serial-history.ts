import { EntityManager } from '@mikro-orm/postgresql';
import { Global, Injectable, Module } from '@nestjs/common';
import { type SerialHistoryEntryDto, TicketSerialHistory } from '../tickets/serial-history.js';
import { WarrantyClaim } from './warranty-claim.entity.js';

const SERIAL_HISTORY_LIMIT = 10;

/** The serial register: the earlier claims on a ticket's serial number with their outcome, from tickets + decisions + resolutions. */
@Injectable()
export class WarrantySerialHistory extends TicketSerialHistory {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async of(_organizationId: string, ticketId: string): Promise<SerialHistoryEntryDto[]> {
    const rows = await this.em.getRepository(WarrantyClaim).serialHistory(ticketId, SERIAL_HISTORY_LIMIT);
    return rows.map((r) => ({
      ticket_id: r.id,
      ticket_number: r.ticket_number,
      serial_number: r.serial_number,
      created_at: new Date(r.created_at).toISOString(),
      decision: r.decision ?? null,
      reason: r.reason ?? null,
      resolution_type: r.type ?? null,
      resolution_state: r.state ?? null,
      rma_number: r.rma_number ?? null,
    }));
  }
}

/**
 * Provides TicketSerialHistory to the tickets module (the ticket detail's serial_history), which
 * cannot import the warranty module (warranty reads tickets). Global, imported once by AppModule.
 */
@Global()
@Module({
  providers: [{ provide: TicketSerialHistory, useClass: WarrantySerialHistory }],
  exports: [TicketSerialHistory],
})
export class WarrantySerialHistoryModule {}
