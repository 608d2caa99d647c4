// Node's two HTTP clients against ./fairslot local, each reusing kept-alive connections the way a
// validating proxy (Prism) or a browser does: http.Agent({keepAlive}) and fetch (undici). Requests
// come in bursts with idle gaps, so sockets sit idle in the pool and are reused later, and every
// kind of answer appears (200, 201, 401, 404, 422, bodies and none). Prints one JSON line:
// {"requests": n, "errors": n, "first": "..."}; exits 1 on any error.
import http from 'node:http';

const base = process.argv[2];
const rounds = Number(process.argv[3] || 150);
const longGap = Number(process.argv[4] || 1500);
const every = Number(process.argv[5] || 25);
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
let requests = 0;
let errors = 0;
let first = null;

function viaAgent(method, path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(base + path, {
      method, agent,
      headers: { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

async function viaFetch(method, path, body, headers = {}) {
  const r = await fetch(base + path, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, text: await r.text() };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function one(client, method, path, body, headers) {
  requests++;
  try {
    const r = await client(method, path, body, headers);
    if (r.status >= 500) throw new Error(`${method} ${path} answered ${r.status}: ${r.text}`);
    return r;
  } catch (e) {
    errors++;
    if (!first) first = `${client.name} ${method} ${path}: ${e.code || ''} ${e.message}`;
    return null;
  }
}

const token = JSON.parse((await viaFetch('POST', '/_local/token', { sub: 'ka-admin', groups: ['admin'] })).text).token;
const auth = { authorization: `Bearer ${token}` };
const venue = JSON.parse((await viaFetch('POST', '/venues', { name: 'Keep-alive hall', timezone: 'UTC' }, auth)).text);

for (let round = 0; round < rounds; round++) {
  for (const client of [viaAgent, viaFetch]) {
    await Promise.all([
      one(client, 'GET', `/slots?venueId=${venue.venueId}&date=2030-01-01`),
      one(client, 'GET', '/slots/no-such-slot'),
      one(client, 'POST', '/slots', { resourceId: 'nope' }),            // 401: no token, body unread
      one(client, 'POST', '/slots', { resourceId: 'nope', start: 'x' }, auth), // 4xx with a body read
      one(client, 'GET', '/_local/health'),
    ]);
  }
  // idle gaps: mostly short, now and then long enough for pooled sockets to sit idle
  await sleep(round % every === every - 1 ? longGap : Math.floor(Math.random() * 40));
}
console.log(JSON.stringify({ requests, errors, first }));
agent.destroy();
process.exit(errors === 0 ? 0 : 1);
