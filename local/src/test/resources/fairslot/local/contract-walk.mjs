// The contract's calls, walked the way a client uses them: a venue set up, bookings held, paid,
// cancelled, moved and handed on, a waitlist offer taken, a pass spent, a queued slot, a front-desk
// day and the finance views, plus the refusals (401, 403, 404, 409, 422). Every call states the
// status the contract gives it. Run against ./fairslot local directly (ContractWalkIT) or through a
// validating proxy (./fairslot prism): then Prism's `sl-violations` header is collected too.
// Requests go through one keep-alive http.Agent with idle gaps between rounds, as a proxy's do.
// Prints one JSON line: {rounds, requests, socketErrors, serverErrors, unexpected, violations, first};
// exits 1 on any socket error, 5xx or unexpected status (and on violations with --strict).
// Usage: node contract-walk.mjs BASE_URL [ROUNDS] [--prism] [--strict]
import http from 'node:http';

const base = process.argv[2];
const rounds = Number(process.argv.slice(3).find((a) => !a.startsWith('--')) || 1);
const strict = process.argv.includes('--strict');
const gapMs = Number(process.env.WALK_GAP_MS || 2500);
// Prism 5.16 never answers a request whose body is not JSON (it hangs parsing it), so through
// Prism the malformed-body call is left out; directly it is made.
const viaPrism = process.argv.includes('--prism');
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
const stats = { rounds, requests: 0, socketErrors: 0, serverErrors: 0, unexpected: [], violations: {} };
let first = null;

function send(method, path, body, headers) {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    const req = http.request(base + path, {
      method, agent,
      headers: { ...headers, ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}) },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.setTimeout(20000, () => req.destroy(Object.assign(new Error('no answer in 20 s'), { code: 'TIMEOUT' })));
    req.on('error', reject);
    if (data) req.write(data);
    req.end();
  });
}

// One call: `expect` is the status (or statuses) the contract gives it. Answers the parsed body.
// `badInput`: the request is outside the contract on purpose (no token, a bad field), so Prism's
// request violations on it are the point; response violations always count.
async function call(label, method, path, { body, token, expect = 200, headers = {}, badInput = false } = {}) {
  stats.requests++;
  const h = { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) };
  let r;
  try {
    r = await send(method, path, body, h);
  } catch (e) {
    stats.socketErrors++;
    if (!first) first = `${label}: ${method} ${path}: ${e.code || ''} ${e.message}`;
    return {};
  }
  const want = [].concat(expect);
  if (r.status >= 500 && !want.includes(r.status)) {
    stats.serverErrors++;
    if (!first) first = `${label}: ${method} ${path} answered ${r.status}: ${r.text.slice(0, 300)}`;
  } else if (!want.includes(r.status)) {
    stats.unexpected.push(`${label}: ${method} ${path} answered ${r.status}, not ${want.join('|')}: ${r.text.slice(0, 300)}`);
  }
  const v = r.headers['sl-violations'];
  if (v) {
    for (const one of JSON.parse(v)) {
      if (badInput && (one.location || [])[0] === 'request') continue;
      const key = `${label} (${method} ${r.status}): ${(one.location || []).join('.')} ${one.message}`;
      stats.violations[key] = (stats.violations[key] || 0) + 1;
    }
  }
  try { return r.text ? JSON.parse(r.text) : {}; } catch { return { raw: r.text }; }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const day = (n) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
async function until(what, probe) {
  for (let i = 0; i < 40; i++) { if (await probe()) return true; await sleep(i < 10 ? 100 : 400); }
  stats.unexpected.push(`${what}: not reached in 15 s`);
  return false;
}

async function walk(round) {
  const tag = `${round}-${Math.random().toString(36).slice(2, 8)}`;
  const token = async (sub, groups) => (await call('token', 'POST', '/_local/token', { body: { sub, groups } })).token;
  const admin = await token(`admin-${tag}`, ['admin']);
  const me = await token(`u1-${tag}`, ['customer']);
  const other = await token(`u2-${tag}`, ['customer']);
  const fin = await token(`fin-${tag}`, ['finance']);
  const desk = await token(`desk-${tag}`, ['frontdesk', 'finance']);

  // refusals first: they must not disturb a kept-alive connection either
  await call('no token', 'POST', '/venues', { body: { name: 'x', timeZone: 'UTC' }, badInput: true, expect: 401 });
  await call('wrong role', 'POST', '/venues', { body: { name: 'x', timeZone: 'UTC' }, token: me, badInput: true, expect: 403 });
  if (!viaPrism) await call('bad json', 'POST', '/venues', { body: '{"name":', token: admin, expect: 400 }); // api-notes
  await call('unknown slot', 'GET', '/slots/no-such-slot', { expect: 404 });

  const venue = await call('venue', 'POST', '/venues', { token: admin, expect: 201,
    body: { name: `Walk ${tag}`, timeZone: 'Asia/Shanghai', policy: { holdDuration: 'PT10M' } } });
  const V = venue.venueId;
  await call('venue read', 'GET', `/venues/${V}`, { token: admin });
  const room = await call('resource', 'POST', `/venues/${V}/resources`, { token: admin, expect: 201,
    body: { name: 'Yoga room', kind: 'SEATS', capacity: 12 } });
  const R = room.resourceId;
  const court = await call('court', 'POST', `/venues/${V}/resources`, { token: admin, expect: 201,
    body: { name: 'Court 1', kind: 'EXCLUSIVE', capacity: 1 } });
  const d = day(3);
  const slot = await call('slot', 'POST', '/slots', { token: admin, expect: 201,
    body: { resourceId: R, start: `${d}T18:00:00`, end: `${d}T19:00:00`, priceMinor: 12000, currency: 'CNY' } });
  const S = slot.slotId;
  await call('duplicate slot', 'POST', '/slots', { token: admin, expect: 409,
    body: { resourceId: R, start: `${d}T18:00:00`, end: `${d}T19:00:00`, priceMinor: 12000, currency: 'CNY' } });
  const courtSlots = [];
  for (const h of ['10', '11', '12']) {
    courtSlots.push((await call('court slot', 'POST', '/slots', { token: admin, expect: 201,
      body: { resourceId: court.resourceId, start: `${d}T${h}:00:00`, end: `${d}T${+h + 1}:00:00`, priceMinor: 5000, currency: 'CNY' } })).slotId);
  }

  // a hold, read, listed, cancelled (twice), the slot edited, the audit
  const idem = { 'idempotency-key': `walk-${tag}` };
  const bk = await call('book', 'POST', '/bookings', { token: me, expect: 201, headers: idem, body: { slotId: S, quantity: 2 } });
  await call('book replayed', 'POST', '/bookings', { token: me, expect: 201, headers: idem, body: { slotId: S, quantity: 2 } });
  await call('book key reused', 'POST', '/bookings', { token: me, expect: 422, headers: idem, body: { slotId: S, quantity: 1 } });
  await call('book twice', 'POST', '/bookings', { token: me, expect: 409, body: { slotId: S, quantity: 1 } });
  await call('book too many', 'POST', '/bookings', { token: other, badInput: true, expect: 422, body: { slotId: S, quantity: 99 } });
  await call('booking read', 'GET', `/bookings/${bk.bookingId}`, { token: me });
  await call('booking of another', 'GET', `/bookings/${bk.bookingId}`, { token: other, expect: 404 });
  await call('my bookings', 'GET', '/me/bookings?status=PENDING_PAY', { token: me });
  await call('slots of a day', 'GET', `/slots?venueId=${V}&date=${d}`);
  await call('cancel', 'POST', `/bookings/${bk.bookingId}/cancel`, { token: me });
  await call('cancel again', 'POST', `/bookings/${bk.bookingId}/cancel`, { token: me });
  await call('slot edit', 'PATCH', `/slots/${S}`, { token: admin, body: { capacity: 14, priceMinor: 10000 } });
  await call('audit', 'GET', `/audit?slotId=${S}`, { token: admin });

  // availability, paying with the local provider, reschedule, transfer (a hold is paid before it
  // is given away: api-notes)
  await call('availability', 'GET', `/availability?venueId=${V}&date=${d}&duration=PT2H&kind=EXCLUSIVE&quantity=1`);
  const hour = await call('book an hour', 'POST', '/bookings', { token: me, expect: 201, body: { slotId: courtSlots[0], quantity: 1 } });
  await call('pay', 'POST', `/bookings/${hour.bookingId}/pay`, { token: me });
  await until('paid by the local provider', async () =>
    (await call('poll paid', 'GET', `/bookings/${hour.bookingId}`, { token: me })).status === 'PAID');
  await call('payments', 'GET', `/bookings/${hour.bookingId}/payments`, { token: fin });
  await call('reschedule paid', 'POST', `/bookings/${hour.bookingId}/reschedule`, { token: me, body: { toSlotId: courtSlots[2] } });
  await call('recipient profile', 'PUT', '/me/profile', { token: other, body: { name: 'Recipient' } }); // a member: api-notes
  await call('transfer', 'POST', `/bookings/${hour.bookingId}/transfer`, { token: me, body: { toUserId: `u2-${tag}` } });
  await call('transferred read', 'GET', `/bookings/${hour.bookingId}`, { token: other });
  await call('transferred gone', 'GET', `/bookings/${hour.bookingId}`, { token: me, expect: 404 });
  // a QR ticket checked in by it, the venue's keys, the member's calendar feed (v1.2)
  const ticket = await call('ticket', 'GET', `/bookings/${hour.bookingId}/ticket`, { token: other });
  await call('ticket keys', 'GET', `/venues/${V}/ticket-keys`);
  await call('altered ticket', 'POST', '/staff/check-in', { token: admin, expect: 401, body: { ticket: `${ticket.ticket}x` } });
  await call('check in by ticket', 'POST', '/staff/check-in', { token: admin, body: { ticket: ticket.ticket } });
  const feed = await call('calendar', 'GET', '/me/calendar', { token: other });
  await call('calendar feed', 'GET', feed.path);
  await call('calendar rotate', 'POST', '/me/calendar/rotate', { token: other });
  await call('old calendar feed', 'GET', feed.path, { expect: 404 });
  // data rights (v1.2): the export, and erasure asked of a member made for it (twice: one request)
  await call('export', 'GET', '/me/export', { token: other });
  const leaving = await token(`gone-${tag}`, ['customer']);
  await call('leaving profile', 'PUT', '/me/profile', { token: leaving, body: { name: 'Leaving' } });
  await call('erase', 'POST', '/me/erase', { token: leaving, expect: 202 });
  await call('erase again', 'POST', '/me/erase', { token: leaving, expect: 202 });
  // the venue's outbound webhooks (v1.2): made (secret once), read, their deliveries, deleted
  const hook = await call('webhook', 'POST', `/venues/${V}/webhooks`, { token: admin, expect: 201,
    body: { url: 'http://127.0.0.1:9/fairslot-walk', events: ['booking.confirmed', 'slot.cancelled'] } });
  await call('webhook to a private address', 'POST', `/venues/${V}/webhooks`, { token: admin, expect: 422,
    body: { url: 'https://10.0.0.1/hook', events: ['slot.cancelled'] } });
  await call('webhooks', 'GET', `/venues/${V}/webhooks`, { token: admin });
  await call('webhook read', 'GET', `/venues/${V}/webhooks/${hook.webhookId}`, { token: admin });
  await call('webhook deliveries', 'GET', `/venues/${V}/webhooks/${hook.webhookId}/deliveries?limit=10`, { token: admin });
  await call('webhook retry unknown', 'POST', `/venues/${V}/webhooks/${hook.webhookId}/deliveries/nope/retry`, { token: admin, expect: 404 });
  await call('webhook delete', 'DELETE', `/venues/${V}/webhooks/${hook.webhookId}`, { token: admin, expect: 204 });
  await call('webhook gone', 'GET', `/venues/${V}/webhooks/${hook.webhookId}`, { token: admin, expect: 404 });
  const single = await call('book', 'POST', '/bookings', { token: me, expect: 201, body: { slotId: S, quantity: 1 } });
  const later = (await call('slot', 'POST', '/slots', { token: admin, expect: 201,
    body: { resourceId: R, start: `${d}T20:00:00`, end: `${d}T21:00:00`, priceMinor: 10000, currency: 'CNY' } })).slotId;
  await call('reschedule hold', 'POST', `/bookings/${single.bookingId}/reschedule`, { token: me, body: { toSlotId: later } });
  await call('hold not transferable', 'POST', `/bookings/${single.bookingId}/transfer`, { token: me, expect: 409, body: { toUserId: `u2-${tag}` } });

  // a waitlist offer: the one seat taken, the other member waits, the seat released, the offer taken
  const one = (await call('court slot', 'POST', '/slots', { token: admin, expect: 201,
    body: { resourceId: court.resourceId, start: `${d}T15:00:00`, end: `${d}T16:00:00`, priceMinor: 5000, currency: 'CNY' } })).slotId;
  const held = await call('book last seat', 'POST', '/bookings', { token: me, expect: 201, body: { slotId: one, quantity: 1 } });
  await call('sold out', 'POST', '/bookings', { token: other, expect: 409, body: { slotId: one, quantity: 1 } });
  const entry = await call('waitlist join', 'POST', `/slots/${one}/waitlist`, { token: other, expect: 201 });
  await call('waitlist me', 'GET', `/slots/${one}/waitlist/me`, { token: other });
  await call('release', 'POST', `/bookings/${held.bookingId}/cancel`, { token: me });
  await until('offer made', async () =>
    (await call('poll offer', 'GET', `/slots/${one}/waitlist/me`, { token: other })).status === 'OFFERED');
  await call('offer accepted', 'POST', `/waitlist/${entry.entryId}/accept`, { token: other, expect: 201 });

  // policy, standing, a pass bought and spent
  await call('policy', 'PATCH', `/venues/${V}`, { token: admin, body: { policy: { maxUpcomingPerMember: 5,
    cancelTiers: [{ before: 'P1D', refundPercent: 100 }, { before: 'PT4H', refundPercent: 50 }],
    noShowPolicy: { strikes: 3, window: 'P30D', suspension: 'P14D' } } } });
  await call('standing', 'GET', `/me/standing?venueId=${V}`, { token: me });
  const plan = await call('plan', 'POST', `/venues/${V}/plans`, { token: admin, expect: 201,
    body: { name: 'Ten classes', kind: 'PACK', credits: 10, validity: 'P90D', priceMinor: 90000, currency: 'CNY' } });
  await call('plans', 'GET', `/venues/${V}/plans`, { token: me });
  await call('resources', 'GET', `/venues/${V}/resources`, {});
  const pass = await call('pass', 'POST', '/me/passes', { token: me, expect: 201, body: { planId: plan.planId } });
  await call('pass pay', 'POST', `/passes/${pass.passId}/pay`, { token: me });
  await until('pass active', async () =>
    ((await call('poll pass', 'GET', '/me/passes', { token: me })).items || []).some((p) => p.passId === pass.passId && p.status === 'ACTIVE'));
  await call('book with pass', 'POST', '/bookings', { token: me, expect: 201, body: { slotId: S, quantity: 1, passId: pass.passId } });

  // a queued slot: 202, then the request's outcome
  const queued = (await call('queued slot', 'POST', '/slots', { token: admin, expect: 201,
    body: { resourceId: R, start: `${day(4)}T18:00:00`, end: `${day(4)}T19:00:00`, priceMinor: 0, currency: 'CNY', admission: 'QUEUED' } })).slotId;
  const req = await call('book queued', 'POST', '/bookings', { token: other, expect: 202, body: { slotId: queued, quantity: 1 } });
  await until('request granted', async () =>
    (await call('poll request', 'GET', `/booking-requests/${req.requestId}`, { token: other })).status === 'GRANTED');

  // members
  await call('profile', 'GET', '/me/profile', { token: me });
  await call('profile edit', 'PUT', '/me/profile', { token: me, body: { name: 'Walker', locale: 'zh-CN' } });
  await call('profile bad email', 'PUT', '/me/profile', { token: me, badInput: true, expect: 422, body: { email: 'not-an-address' } });
  await call('notifications', 'GET', '/me/notifications', { token: me });

  // a front-desk day
  const coach = await call('coach', 'POST', '/coaches', { token: admin, expect: 201, body: { venueId: V, name: 'Ana' } });
  const from = day(30);
  await call('generate', 'POST', '/slots:generate', { token: admin, body: { resourceId: R, from, to: day(44),
    weekly: [{ dayOfWeek: 'TUE', start: '07:00', end: '08:00' }], coachId: coach.coachId, priceMinor: 8000, currency: 'CNY' } });
  const phone = `+86 138 ${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const walkIn = await call('walk-in', 'POST', '/staff/bookings', { token: desk, expect: 201,
    body: { slotId: S, quantity: 1, customer: { phone, name: 'Li' } } });
  await call('walk-in by phone', 'GET', `/staff/bookings?venueId=${V}&phone=${encodeURIComponent(phone)}`, { token: desk });
  await call('offline payment', 'POST', `/staff/bookings/${walkIn.bookingId}/offline-payment`, { token: desk });
  await call('check-in', 'POST', `/staff/bookings/${walkIn.bookingId}/check-in`, { token: desk });
  await call('staff bookings', 'GET', `/staff/bookings?venueId=${V}&date=${d}`, { token: desk });
  await call('daily report', 'GET', `/reports/daily?venueId=${V}&date=${d}`, { token: desk });
  await call('daily csv', 'GET', `/reports/daily?venueId=${V}&date=${d}`, { token: desk, headers: { accept: 'text/csv' } });
  await call('finance exceptions', 'GET', `/finance/exceptions?venueId=${V}`, { token: fin });
  await call('parked notifications', 'GET', '/staff/notifications?status=PARKED', { token: desk });
  await call('close', 'POST', `/slots/${S}/close`, { token: desk });
  await call('book closed', 'POST', '/bookings', { token: other, expect: 409, body: { slotId: S, quantity: 1 } });
  await call('open', 'POST', `/slots/${S}/open`, { token: desk });
  await call('sweep', 'POST', '/_local/schedules/sweep-holds/run');
  await call('reconcile', 'POST', '/admin/reconcile', { token: admin, body: {} });
  await call('health', 'GET', '/_local/health');
}

for (let round = 0; round < rounds; round++) {
  await walk(round);
  if (round < rounds - 1) await sleep(gapMs); // pooled sockets sit idle, then are reused
}
const violations = Object.keys(stats.violations).length;
console.log(JSON.stringify({ ...stats, first }));
agent.destroy();
process.exit(stats.socketErrors || stats.serverErrors || stats.unexpected.length || (strict && violations) ? 1 : 0);
