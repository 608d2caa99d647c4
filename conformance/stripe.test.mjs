// Stripe's own SDK (stripe-node, pinned in package-lock.json) is the independent party: it talks to
// fairslot's Stripe fake as it talks to Stripe, and signs the events fairslot's webhook route must
// take, so a shape fairslot and its fake both got wrong cannot pass here (API.md v1.3).
// Run against a local runtime: FAIRSLOT_BASE=http://127.0.0.1:3000 node --test
import { test } from "node:test";
import assert from "node:assert/strict";
import Stripe from "stripe";
import { api, token, heldBooking, providers } from "./local.mjs";

const keys = (await providers()).stripe;
const where = new URL(keys.apiBase);
const stripe = new Stripe(keys.secretKey, {
  host: where.hostname,
  port: Number(where.port),
  protocol: where.protocol.replace(":", ""),
  maxNetworkRetries: 0,
});

const signed = (payload, secret = keys.webhookSecret, timestamp) =>
  stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

const webhook = (payload, signature) =>
  fetch(`${api.base}/payments/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });

const eventOf = (type, object) =>
  JSON.stringify({
    id: "evt_" + crypto.randomUUID().replaceAll("-", ""),
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });

test("the SDK creates, retrieves, cancels and refunds intents on the fake and reads every answer", async () => {
  const key = "conformance-" + crypto.randomUUID();
  const pi = await stripe.paymentIntents.create(
    { amount: 3000, currency: "cny", metadata: { paymentNo: "conf1" } },
    { idempotencyKey: key },
  );
  assert.equal(pi.object, "payment_intent");
  assert.equal(pi.status, "requires_payment_method");
  assert.equal(pi.amount, 3000);
  assert.ok(pi.client_secret.startsWith(pi.id + "_secret_"));
  const again = await stripe.paymentIntents.create(
    { amount: 3000, currency: "cny", metadata: { paymentNo: "conf1" } },
    { idempotencyKey: key },
  );
  assert.equal(again.id, pi.id, "the same Idempotency-Key answers the first intent");
  assert.equal((await stripe.paymentIntents.retrieve(pi.id)).id, pi.id);
  const canceled = await stripe.paymentIntents.cancel(pi.id, {}, { idempotencyKey: key + "-c" });
  assert.equal(canceled.status, "canceled");

  const paid = await stripe.paymentIntents.create({ amount: 5000, currency: "cny" });
  await api("POST", `/_local/stripe/payment_intents/${paid.id}/succeed`, null, { notify: false });
  assert.equal((await stripe.paymentIntents.retrieve(paid.id)).status, "succeeded");
  const refund = await stripe.refunds.create({ payment_intent: paid.id, amount: 2000 });
  assert.equal(refund.object, "refund");
  assert.equal(refund.status, "succeeded", "a card refund succeeds at creation");
  assert.equal((await stripe.refunds.retrieve(refund.id)).amount, 2000);

  await assert.rejects(stripe.paymentIntents.retrieve("pi_none"), (e) => {
    assert.equal(e.type, "StripeInvalidRequestError");
    assert.equal(e.statusCode, 404);
    assert.equal(e.code, "resource_missing");
    return true;
  });
  await assert.rejects(
    stripe.refunds.create({ payment_intent: paid.id, amount: 999999 }),
    (e) => e.type === "StripeInvalidRequestError" && e.statusCode === 400,
  );
});

test("the fake's events verify with the SDK and name the pinned version", async () => {
  const pi = await stripe.paymentIntents.create({ amount: 1200, currency: "cny" });
  await api("POST", `/_local/stripe/payment_intents/${pi.id}/succeed`, null, { notify: true });
  const { items } = await api("GET", "/_local/stripe/events");
  const sent = items.filter((e) => e.objectId === pi.id);
  assert.equal(sent.length, 1, "the fake sent the intent's event");
  const event = stripe.webhooks.constructEvent(sent[0].body, sent[0].headers["Stripe-Signature"], keys.webhookSecret);
  assert.equal(event.type, "payment_intent.succeeded");
  assert.equal(event.data.object.id, pi.id);
  assert.equal(event.api_version, Stripe.API_VERSION);
});

test("an event the SDK signs settles a booking; forged, altered and stale ones change nothing", async () => {
  const member = await token("conf-stripe-" + crypto.randomUUID(), ["customer"]);
  const bookingId = await heldBooking(member);
  const pay = await api("POST", `/bookings/${bookingId}/pay`, member, { provider: "stripe" });
  const intentId = pay.client.paymentIntentId;
  await api("POST", `/_local/stripe/payment_intents/${intentId}/succeed`, null, { notify: false });
  const intent = await stripe.paymentIntents.retrieve(intentId);
  const payload = eventOf("payment_intent.succeeded", intent);

  const stale = await webhook(payload, signed(payload, keys.webhookSecret, Math.floor(Date.now() / 1000) - 600));
  const forged = await webhook(payload, signed(payload, "whsec_not_ours"));
  const altered = await webhook(payload.replace('"amount":', '"amount":1'), signed(payload));
  for (const r of [stale, forged, altered]) assert.equal(r.status, 400);
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PENDING_PAY");

  const real = await webhook(payload, signed(payload));
  assert.equal(real.status, 200);
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PAID");
  const replay = await webhook(payload, signed(payload));
  assert.equal(replay.status, 200);
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PAID");
});

test("a decline the SDK signs leaves the payment open, and fairslot names the SDK's API version", async () => {
  const member = await token("conf-decline-" + crypto.randomUUID(), ["customer"]);
  const bookingId = await heldBooking(member);
  const pay = await api("POST", `/bookings/${bookingId}/pay`, member, { provider: "stripe" });
  const intent = await stripe.paymentIntents.retrieve(pay.client.paymentIntentId);
  intent.last_payment_error = { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." };
  const payload = eventOf("payment_intent.payment_failed", intent);
  assert.equal((await webhook(payload, signed(payload))).status, 200);

  const finance = await token("conf-fin", ["finance"]);
  const [payment] = (await api("GET", `/bookings/${bookingId}/payments`, finance)).items;
  assert.equal(payment.status, "PENDING");
  assert.equal(payment.lastError.declineCode, "insufficient_funds");
  const again = await api("POST", `/bookings/${bookingId}/pay`, member, { provider: "stripe" });
  assert.equal(again.client.paymentIntentId, intent.id, "another card pays the same intent");

  const { items } = await api("GET", "/_local/stripe/requests");
  const fromFairslot = items.filter((r) => r.headers["Stripe-version"]);
  assert.ok(fromFairslot.length > 0);
  for (const r of fromFairslot) {
    assert.deepEqual(r.headers["Stripe-version"], [Stripe.API_VERSION], `${r.method} ${r.path}`);
  }
});

test("the fake's dispute events verify with the SDK, and a dispute the SDK signs reaches finance once", async () => {
  const member = await token("conf-dispute-" + crypto.randomUUID(), ["customer"]);
  const bookingId = await heldBooking(member);
  const pay = await api("POST", `/bookings/${bookingId}/pay`, member, { provider: "stripe" });
  const intentId = pay.client.paymentIntentId;
  await api("POST", `/_local/stripe/payment_intents/${intentId}/succeed`, null, { notify: true });
  const { disputeId } = await api("POST", `/_local/stripe/payment_intents/${intentId}/dispute`, null, { notify: true });
  const { items } = await api("GET", "/_local/stripe/events");
  const sent = items.filter((e) => e.objectId === disputeId);
  assert.equal(sent.length, 1);
  const fromFake = stripe.webhooks.constructEvent(sent[0].body, sent[0].headers["Stripe-Signature"], keys.webhookSecret);
  assert.equal(fromFake.type, "charge.dispute.created");
  assert.equal(fromFake.data.object.payment_intent, intentId);

  // the same dispute signed by the SDK, as Stripe redelivers it: accepted, and applied once
  const payload = JSON.stringify({ ...JSON.parse(sent[0].body), id: "evt_sdk_" + disputeId });
  assert.equal((await webhook(payload, signed(payload))).status, 200);
  assert.equal((await webhook(payload, signed(payload))).status, 200);
  const finance = await token("conf-fin", ["finance"]);
  const open = (await api("GET", "/finance/exceptions?status=OPEN&limit=200", finance)).items.filter(
    (e) => e.bookingId === bookingId,
  );
  assert.deepEqual(open.map((e) => e.kind), ["DISPUTE_OPENED"]);
  assert.equal(open[0].disputeId, disputeId);
});
