import type { EntityManager } from '@mikro-orm/postgresql';
import { generatePassword, hashPassword } from '../common/auth/password.js';
import type { TenantRunner } from '../common/tenancy/tenant-runner.js';
import { Customer } from '../modules/customers/customer.entity.js';
import { Organization } from '../modules/organizations/organization.entity.js';
import { SystemSettings } from '../modules/settings/system-settings.entity.js';
import { TicketStatusChange } from '../modules/tickets/ticket-status-change.entity.js';
import { nextTicketNumberInInsert } from '../modules/tickets/ticket-number.js';
import { Ticket } from '../modules/tickets/ticket.entity.js';
import { User } from '../modules/users/user.entity.js';

export interface DemoCredentials {
  username: string;
  password: string;
}

const BRANDS = ['LiftMaster Pro', 'TorqueLine', 'IronJack'];
const MODELS = ['2-Ton Floor Jack', '2.5-Ton Floor Jack', '3-Ton Floor Jack'];
const ISSUES: [string, string, string][] = [
  ["Won't Lift / Lifting Issues", 'The jack pumps but the saddle will not rise past two inches under load.', 'High'],
  ['Drops Too Fast / Won\'t Hold Load', 'It slowly sinks while holding the car, about an inch every minute.', 'High'],
  ['Hydraulic Oil Leak', 'Oil is leaking from the ram seal after a week of light use in the garage.', 'Medium'],
  ['Wheel/Caster Problems', 'One rear caster wheel cracked on the first use and the jack will not roll.', 'Low'],
  ['Handle Issues', 'The two-piece handle does not lock together and slips out while pumping.', 'Medium'],
  ['Arrived Damaged/Missing Parts', 'The box arrived crushed and the saddle pad and handle clip are missing.', 'Medium'],
];
const CUSTOMERS = [
  ['Maria Gonzalez', 'maria.gonzalez@example.com', '+15125550101', 'Austin', 'TX'],
  ['James Carter', 'james.carter@example.com', '+13125550102', 'Chicago', 'IL'],
  ['Aisha Khan', 'aisha.khan@example.com', '+14155550103', 'San Francisco', 'CA'],
  ['Tom Becker', null, '+16175550104', 'Boston', 'MA'],
  ['Linda Nguyen', 'linda.nguyen@example.com', '+12065550105', 'Seattle', 'WA'],
  ['Robert Miller', 'rob.miller@example.com', '+13035550106', 'Denver', 'CO'],
] as const;
const STATUSES = ['Open', 'Open', 'Pending', 'Open', 'Closed', 'Resolved', 'Pending', 'Open', 'Closed', 'Open', 'Pending', 'Open'];

/**
 * On an empty database, creates a demo organization with an owner whose password is generated
 * here and returned once, plus sample customers and tickets. Returns nothing when data exists.
 */
export async function seedDemoIfEmpty(rootEm: EntityManager, tenants: TenantRunner): Promise<DemoCredentials | undefined> {
  const em = rootEm.fork({ clear: true, useContext: false });
  if ((await em.count(Organization, {}, { filters: false })) > 0) return undefined;

  const password = generatePassword();
  const organization = em.create(Organization, { name: 'Demo Tools Co.' });
  const owner = em.create(User, {
    username: 'owner',
    passwordHash: await hashPassword(password),
    organization,
    isAccountOwner: true,
    role: 'owner',
    firstName: 'Demo',
    lastName: 'Owner',
    email: 'owner@example.com',
  });
  em.create(SystemSettings, { organization, brands: BRANDS, ticketBrand: BRANDS[0] });
  await em.flush();

  await tenants.run(organization.id, async ({ em: tx }) => {
    const customers = CUSTOMERS.map(([name, email, phone, city, state]) =>
      tx.create(Customer, { organization: organization.id, name, email, phone, city, state, street: '100 Main St', zipCode: '00000' }),
    );
    const now = Date.now();
    for (let i = 0; i < STATUSES.length; i++) {
      const [category, description, priority] = ISSUES[i % ISSUES.length];
      const createdAt = new Date(now - (i * 2.5 + 0.2) * 86_400_000);
      const purchase = new Date(createdAt.getTime() - (20 + i * 9) * 86_400_000);
      const ticket = tx.create(Ticket, {
        organization: organization.id,
        ticketNumber: nextTicketNumberInInsert(organization.id),
        customer: customers[i % customers.length],
        productBrand: BRANDS[i % BRANDS.length],
        productModel: MODELS[i % MODELS.length],
        productSku: `FJ-${200 + (i % 3) * 50}`,
        orderNumber: `ORD-${100200 + i}`,
        purchaseLocation: i % 2 ? 'Walmart' : 'Other',
        purchaseDate: purchase.toISOString().slice(0, 10),
        issueCategory: category,
        issueDescription: description,
        issueStartTime: 'Within first month',
        preferredResolution: 'Replacement',
        contactMethod: 'Email',
        status: STATUSES[i],
        priority,
        createdAt,
        updatedAt: createdAt,
      });
      tx.create(TicketStatusChange, { organization: organization.id, ticket, toStatus: 'Open', createdAt });
      if (STATUSES[i] !== 'Open') {
        const changedAt = new Date(createdAt.getTime() + (3 + i) * 3_600_000);
        tx.create(TicketStatusChange, { organization: organization.id, ticket, fromStatus: 'Open', toStatus: STATUSES[i], changedBy: owner.id, createdAt: changedAt });
        ticket.updatedAt = changedAt;
      }
    }
  });
  return { username: owner.username, password };
}
