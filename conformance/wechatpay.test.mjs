// WeChat Pay's community SDK (wechatpay-axios-plugin, pinned in package-lock.json) is the independent
// party: as a merchant's client it queries the orders fairslot placed at the fake and checks the
// fake's signed answers, and it verifies and decrypts the notifications the fake sends (API.md v1.3).
// Run against a local runtime: FAIRSLOT_BASE=http://127.0.0.1:3000 node --test
import { test } from "node:test";
import assert from "node:assert/strict";
import { generateKeyPairSync } from "node:crypto";
import { Wechatpay, Aes, Rsa, Formatter } from "wechatpay-axios-plugin";
import { api, token, heldBooking, providers } from "./local.mjs";

const keys = (await providers()).wechatpay;
const client = (platformKeyPem) =>
  new Wechatpay({
    mchid: keys.mchid,
    serial: keys.merchantSerial,
    privateKey: keys.merchantPrivateKeyPem,
    certs: { [keys.platformSerial]: platformKeyPem },
    baseURL: keys.apiBase.replace(/\/?$/, "/"),
  });
const wxpay = client(keys.platformPublicKeyPem);

/** A member linked to WeChat, holding a seat and paying it with WeChat Pay: the order's number. */
async function ordered() {
  const member = await token("conf-wx-" + crypto.randomUUID(), ["customer"]);
  await api("PUT", "/me/wechat", member, { code: "conf-" + crypto.randomUUID() });
  const bookingId = await heldBooking(member);
  const pay = await api("POST", `/bookings/${bookingId}/pay`, member, { provider: "wechatpay" });
  return { member, bookingId, paymentNo: pay.paymentNo };
}

const queryOrder = (sdk, outTradeNo) =>
  sdk.v3.pay.transactions.outTradeNo.$out_trade_no$.get({
    params: { mchid: keys.mchid },
    out_trade_no: outTradeNo,
  });

test("the SDK queries an order fairslot placed and verifies the fake's signed answer", async () => {
  const { paymentNo } = await ordered();
  const { data } = await queryOrder(wxpay, paymentNo);
  assert.equal(data.out_trade_no, paymentNo);
  assert.equal(data.trade_state, "NOTPAY");
  assert.equal(data.amount.total, 6000);
  assert.equal(data.mchid, keys.mchid);

  // The check is real: a client that trusts another platform key refuses the same answer.
  const { publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const stranger = client(publicKey.export({ type: "spki", format: "pem" }));
  await assert.rejects(queryOrder(stranger, paymentNo));
});

test("a notification the fake sends verifies and decrypts with the SDK, and settled the booking", async () => {
  const { member, bookingId, paymentNo } = await ordered();
  await api("POST", `/_local/wechatpay/transactions/${paymentNo}/pay`, null, { notify: true });
  const { items } = await api("GET", "/_local/wechatpay/notifications");
  const sent = items.filter((n) => n.outTradeNo === paymentNo);
  assert.equal(sent.length, 1);
  const { headers, body } = sent[0];

  const platform = Rsa.from(keys.platformPublicKeyPem, Rsa.KEY_TYPE_PUBLIC);
  const message = Formatter.response(headers["Wechatpay-Timestamp"], headers["Wechatpay-Nonce"], body);
  assert.ok(Rsa.verify(message, headers["Wechatpay-Signature"], platform), "signed by the platform key");
  assert.equal(headers["Wechatpay-Serial"], keys.platformSerial);

  const { resource } = JSON.parse(body);
  const paid = JSON.parse(
    Aes.AesGcm.decrypt(resource.ciphertext, keys.apiV3Key, resource.nonce, resource.associated_data),
  );
  assert.equal(paid.out_trade_no, paymentNo);
  assert.equal(paid.trade_state, "SUCCESS");
  assert.equal(paid.amount.total, 6000);
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PAID");
  assert.equal((await queryOrder(wxpay, paymentNo)).data.trade_state, "SUCCESS");
});

/** A notification built and signed by the SDK as WeChat builds it, for the transaction as queried. */
function notification(transaction, signingKeyPem, serial = keys.platformSerial) {
  const nonce = Formatter.nonce(12);
  const ciphertext = Aes.AesGcm.encrypt(JSON.stringify(transaction), keys.apiV3Key, nonce, "transaction");
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    create_time: new Date().toISOString(),
    resource_type: "encrypt-resource",
    event_type: "TRANSACTION.SUCCESS",
    summary: "支付成功",
    resource: { original_type: "transaction", algorithm: "AEAD_AES_256_GCM", ciphertext, associated_data: "transaction", nonce },
  });
  const timestamp = String(Formatter.timestamp());
  const headerNonce = Formatter.nonce();
  const signature = Rsa.sign(Formatter.response(timestamp, headerNonce, body), Rsa.from(signingKeyPem, Rsa.KEY_TYPE_PRIVATE));
  return {
    body,
    headers: {
      "content-type": "application/json",
      "wechatpay-timestamp": timestamp,
      "wechatpay-nonce": headerNonce,
      "wechatpay-serial": serial,
      "wechatpay-signature": signature,
    },
  };
}

const notify = ({ body, headers }) =>
  fetch(`${api.base}/payments/wechatpay/notify`, { method: "POST", headers, body });

test("a notification the SDK builds and signs settles the booking; one signed with another key changes nothing", async () => {
  const { member, bookingId, paymentNo } = await ordered();
  await api("POST", `/_local/wechatpay/transactions/${paymentNo}/pay`, null, { notify: false });
  const { data: paid } = await queryOrder(wxpay, paymentNo); // the transaction as WeChat holds it

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const forged = notification(paid, privateKey.export({ type: "pkcs8", format: "pem" }));
  assert.equal((await notify(forged)).status, 401);
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PENDING_PAY");

  const real = notification(paid, keys.platformPrivateKeyPem);
  assert.equal((await notify(real)).status, 204);
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PAID");
  assert.equal((await notify(real)).status, 204, "a redelivery is acknowledged and changes nothing");
  assert.equal((await api("GET", `/bookings/${bookingId}`, member)).status, "PAID");
});
