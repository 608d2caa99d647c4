package fairslot.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.local.LocalClient.Reply;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The providers' notify routes under a corpus of forged and broken notifications, over real HTTP:
 * each is refused in the provider's own failure form (WeChat: 401 {@code {"code":"FAIL"}}, which it
 * retries; Stripe: 400 {@code bad_signature}), and one signed with the provider's real key but
 * carrying garbage is refused too, never a 5xx. Afterwards the booking being paid has not moved and
 * no finance exception exists. Seeded, so a failure replays.
 */
class HostileNotificationsIT {
  private static final long SEED = 31;
  private static final MovableClock CLOCK = new MovableClock(Instant.now());
  private static LocalRuntime runtime;
  private static LocalClient api;

  @BeforeAll
  static void start() throws Exception {
    runtime = LocalClient.startOn("hostile-notify-it", CLOCK);
    api = new LocalClient(runtime);
  }

  @AfterAll
  static void stop() {
    runtime.close();
  }

  /** Broken bodies, then random bytes: nothing the provider would ever sign. */
  private static List<String> garbage(Random random) {
    List<String> out =
        new ArrayList<>(
            List.of(
                "",
                "null",
                "[]",
                "{}",
                "{",
                "not json",
                "{\"resource\":null}",
                "{\"resource\":{\"ciphertext\":\"AAAA\",\"nonce\":\"x\"}}",
                "{\"type\":\"payment_intent.succeeded\",\"data\":{\"object\":null}}",
                "{\"a\":".repeat(3000),
                "\u0000\u0001",
                "x".repeat(70_000)));
    for (int i = 0; i < 12; i++) {
      byte[] b = new byte[1 + random.nextInt(300)];
      random.nextBytes(b);
      out.add(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1));
    }
    return out;
  }

  /** A genuine notification altered in one byte (signed as it is, it would be authentic). */
  private static List<String> altered(String genuine, Random random) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      char[] c = genuine.toCharArray();
      int at = random.nextInt(c.length);
      char was = c[at];
      // A letter other than the one there: the same letter would leave the genuine body, which
      // signed as it is is authentic (a CI run drew exactly that and was answered 204).
      do {
        c[at] = (char) ('a' + random.nextInt(26));
      } while (c[at] == was);
      out.add(new String(c));
    }
    return out;
  }

  @Test
  void forgedAndBrokenWechatNotificationsAreRefusedInWechatsFormAndChangeNothing()
      throws Exception {
    String member = api.token("hn-wx", "customer");
    String[] order = api.wechatOrder(member, "login-hn");
    String bookingId = order[0];
    String paymentNo = order[1];
    api.call(
        "POST", "/_local/wechatpay/transactions/" + paymentNo + "/pay", null, "{\"notify\":false}");
    String genuine = runtime.wechatPay().notificationBodyFor(paymentNo).orElseThrow();
    Random random = new Random(SEED);
    List<String> wrong = new ArrayList<>();
    int sent = 0;

    List<String> garbage = garbage(random);
    List<String> bodies = new ArrayList<>(garbage);
    bodies.addAll(altered(genuine, random));
    for (String body : bodies) {
      Map<String, String> signed = runtime.wechatPay().headersSignedAt(body, CLOCK.instant());
      List<Map<String, String>> forms = new ArrayList<>();
      forms.add(Map.of());
      forms.add(
          Map.of(
              "Wechatpay-Timestamp",
              "9".repeat(30),
              "Wechatpay-Nonce",
              "n",
              "Wechatpay-Signature",
              "not base64 !",
              "Wechatpay-Serial",
              signed.get("Wechatpay-Serial")));
      forms.add(runtime.wechatPay().headersSignedAt(body, CLOCK.instant().minusSeconds(600)));
      Map<String, String> probe = new HashMap<>(signed);
      probe.put("Wechatpay-Signature", "WECHATPAY/SIGNTEST/" + signed.get("Wechatpay-Signature"));
      forms.add(probe);
      Map<String, String> otherKey = new HashMap<>(signed);
      otherKey.put("Wechatpay-Serial", "PUB_KEY_ID_not_ours");
      forms.add(otherKey);
      forms.add(runtime.wechatPay().headersSignedAt(genuine, CLOCK.instant())); // another body's
      if (garbage.contains(body)) {
        forms.add(signed); // the real key over garbage: authentic, but nothing WeChat would send
      }
      for (Map<String, String> headers : forms) {
        Reply r = api.call("POST", "/payments/wechatpay/notify", null, body, headers);
        sent++;
        boolean refused =
            r.status() >= 400
                && r.status() < 500
                && r.json() != null
                && r.json().path("code").asText().equals("FAIL");
        if (!refused) {
          wrong.add(r.status() + " for " + headers.keySet() + " body=" + abbreviate(body));
        }
      }
    }

    assertThat(sent).isGreaterThan(200);
    assertThat(wrong).as("answers that were not WeChat's failure form").isEmpty();
    assertThat(api.status(member, bookingId)).isEqualTo("PENDING_PAY");
    assertThat(api.financeExceptions()).isZero();
  }

  @Test
  void forgedAndBrokenStripeEventsAreBadSignaturesAndChangeNothing() throws Exception {
    String member = api.token("hn-st", "customer");
    String bookingId = api.hold(member);
    Reply paid =
        api.call("POST", "/bookings/" + bookingId + "/pay", member, "{\"provider\":\"stripe\"}");
    String intent = paid.json().path("client").path("paymentIntentId").asText();
    runtime.stripe().settleIntent(intent, true, false);
    String genuine =
        runtime.stripe().eventBodyFor(intent, "payment_intent.succeeded").orElseThrow();
    Random random = new Random(SEED + 1);
    List<String> wrong = new ArrayList<>();
    int sent = 0;

    List<String> garbage = garbage(random);
    List<String> bodies = new ArrayList<>(garbage);
    bodies.addAll(altered(genuine, random));
    for (String body : bodies) {
      long now = CLOCK.instant().getEpochSecond();
      List<String> signatures = new ArrayList<>();
      signatures.add(null);
      signatures.add("garbage");
      signatures.add("t=" + "9".repeat(30) + ",v1=00");
      signatures.add("t=" + now + ",v1=" + "0".repeat(64));
      signatures.add(runtime.stripe().signatureAt(body, CLOCK.instant().minusSeconds(301)));
      signatures.add(runtime.stripe().signatureAt(genuine, CLOCK.instant())); // another body's
      for (String signature : signatures) {
        Reply r =
            api.call(
                "POST",
                "/payments/stripe/webhook",
                null,
                body,
                signature == null ? Map.of() : Map.of("Stripe-Signature", signature));
        sent++;
        if (r.status() != 400 || !code(r).equals("bad_signature")) {
          wrong.add(r.status() + " for " + signature + " body=" + abbreviate(body));
        }
      }
      if (!garbage.contains(body)) {
        continue;
      }
      // The real signing secret over garbage: authentic, so not a bad signature, but never a 5xx
      // and never applied.
      Reply signed =
          api.call(
              "POST",
              "/payments/stripe/webhook",
              null,
              body,
              Map.of("Stripe-Signature", runtime.stripe().signatureAt(body, CLOCK.instant())));
      sent++;
      if (signed.status() >= 500) {
        wrong.add(signed.status() + " for a genuinely signed body=" + abbreviate(body));
      }
    }

    assertThat(sent).isGreaterThan(200);
    assertThat(wrong).as("answers that were not a refusal").isEmpty();
    assertThat(api.status(member, bookingId)).isEqualTo("PENDING_PAY");
  }

  private static String code(Reply r) {
    JsonNode json = r.json();
    return json == null ? "" : json.path("code").asText();
  }

  private static String abbreviate(String s) {
    return s.length() > 60 ? s.substring(0, 60) + "…" : s;
  }
}
