/**
 * The naive baseline: the ticket list's first page as plain SQL (rows ordered by created_at with
 * their customers, plus an exact count(*)) behind a bare node:http server and a pg pool, no
 * framework, no session. Started by bench/measure.ts on 127.0.0.1; stops when its parent does.
 *
 *   DATABASE_URL=... ORGANIZATION=<uuid> PORT=0 node --experimental-strip-types bench/bare-server.ts
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const organization = process.env.ORGANIZATION;

const ROWS_SQL = `
select t.*, row_to_json(c) as customer from tickets t join customers c on c.id = t.customer_id
where t.organization_id = $1 and t.status = $2 and t.product_brand = $3
order by t.created_at desc, t.id desc limit 25 offset 0`;
const COUNT_SQL = 'select count(*)::int as n from tickets where organization_id = $1 and status = $2 and product_brand = $3';

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://x');
    const params = [organization, url.searchParams.get('status') ?? 'Open', url.searchParams.get('brand') ?? 'IronJack'];
    const [rows, count] = await Promise.all([pool.query(ROWS_SQL, params), pool.query(COUNT_SQL, params)]);
    res.writeHead(200, { 'content-type': 'application/json', 'content-range': `tickets 0-${rows.rowCount! - 1}/${count.rows[0].n}` });
    res.end(JSON.stringify(rows.rows));
  } catch (error) {
    res.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('disconnect', () => process.exit(0));
