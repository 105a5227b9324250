import { type EntityManager, EntityRepository } from '@mikro-orm/postgresql';
import { tenantSql } from '../../../common/tenancy/tenant-sql.js';
import type { TicketAssignmentRotation } from './assignment-rotation.entity.js';

/**
 * The round-robin's pick, one statement: adds one to the organization's counter (atomically: an
 * UPDATE … RETURNING, never a read then a write) and answers the agent whose turn that number is
 * among the rotation's agents that are still users of the organization (a removed user is skipped:
 * the turn goes to the next one). No row, rotation off, or nobody left: no row.
 */
const PICK_ASSIGNEE_SQL = `
with turn as (
  update ticket_assignment_rotations r set counter = r.counter + 1
  where @tenant(r) and r.enabled and cardinality(r.agent_ids) > 0
  returning r.counter, r.agent_ids
), agents as (
  select a.id, row_number() over (order by a.ord) - 1 as i, count(*) over () as n
  from turn, unnest(turn.agent_ids) with ordinality a(id, ord)
  join users u on u.id = a.id and @tenant(u)
)
select agents.id from agents, turn where agents.i = (turn.counter - 1) % agents.n`;

/** The rotation row's queries. */
export class TicketAssignmentRotationRepository extends EntityRepository<TicketAssignmentRotation> {
  /** The organization's rotation row, or null before its automatic assignment was ever set. */
  ofOrganization(organizationId: string): Promise<TicketAssignmentRotation | null> {
    return this.findOne({ organization: organizationId });
  }

  /** Whether the organization's rotation is on with agents: a read, no lock (takeTurn may still find none left). */
  async hasTurns(): Promise<boolean> {
    const rows = await tenantSql(this.getEntityManager() as EntityManager).execute<{ one: number }[]>(
      'select 1 as one from ticket_assignment_rotations where @tenant() and enabled and cardinality(agent_ids) > 0',
    );
    return rows.length > 0;
  }

  /** Takes the organization's next turn (PICK_ASSIGNEE_SQL): the agent's id, or null. */
  async takeTurn(): Promise<string | null> {
    const [pick] = await tenantSql(this.getEntityManager() as EntityManager).execute<{ id: string }[]>(PICK_ASSIGNEE_SQL);
    return pick?.id ?? null;
  }
}
