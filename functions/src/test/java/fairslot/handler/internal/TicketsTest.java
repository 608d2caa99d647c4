package fairslot.handler.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.shared.Json;
import java.nio.charset.StandardCharsets;
import java.security.Signature;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Check-in tickets: keys derived as RFC 8032 says, a ticket that verifies with the published key
 * alone (as a door device would), and every forgery refused.
 */
class TicketsTest {
  private static final String SECRET = "a-ticket-secret-of-at-least-32-characters-0001";
  private static final Instant NOW = Instant.parse("2026-12-06T09:00:00Z");
  private static final Tickets.Claims CLAIMS =
      new Tickets.Claims(
          "booking-1",
          "member-1",
          "venue-a",
          "slot-1",
          Instant.parse("2026-12-06T10:00:00Z"),
          Instant.parse("2026-12-06T11:00:00Z"));

  private final Tickets tickets = new Tickets(List.of(SECRET));

  @Test
  void aSeedGivesTheKeyPairOfRfc8032() throws Exception {
    // RFC 8032, 7.1, TEST 1: the secret key, its public key and the signature of the empty message.
    var pair =
        Tickets.fromSeed(
            HexFormat.of()
                .parseHex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"));
    assertThat(HexFormat.of().formatHex(Tickets.raw(pair.getPublic())))
        .isEqualTo("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a");
    Signature ed = Signature.getInstance("Ed25519");
    ed.initSign(pair.getPrivate());
    assertThat(HexFormat.of().formatHex(ed.sign()))
        .isEqualTo(
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b");
  }

  @Test
  void aTicketVerifiesHereAndWithTheVenuesPublishedKeyAlone() throws Exception {
    String ticket = tickets.issue(CLAIMS);

    assertThat(tickets.verify(ticket, NOW)).contains(CLAIMS);
    // A door device: the venue's JWK set, the JDK and nothing of fairslot's.
    JsonNode jwk = Json.read(Json.write(tickets.keysOf("venue-a"))).path("keys").get(0);
    assertThat(jwk.path("kty").asText()).isEqualTo("OKP");
    assertThat(jwk.path("crv").asText()).isEqualTo("Ed25519");
    String[] parts = ticket.split("\\.");
    JsonNode header = Json.read(new String(Base64.getUrlDecoder().decode(parts[0])));
    assertThat(header.path("kid").asText()).isEqualTo(jwk.path("kid").asText());
    Signature ed = Signature.getInstance("Ed25519");
    ed.initVerify(Tickets.publicKey(jwk.path("x").asText()));
    ed.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
    assertThat(ed.verify(Base64.getUrlDecoder().decode(parts[2]))).isTrue();
  }

  @Test
  void everyForgeryIsRefused() throws Exception {
    String ticket = tickets.issue(CLAIMS);
    String[] parts = ticket.split("\\.");
    String otherVenuePayload =
        b64(
            new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace("venue-a", "venue-b"));
    String otherBooking =
        b64(
            new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8)
                .replace("booking-1", "booking-2"));
    String noneAlg = b64("{\"alg\":\"none\",\"kid\":\"x\"}");
    List<String> forged =
        List.of(
            parts[0] + "." + otherVenuePayload + "." + parts[2],
            parts[0] + "." + otherBooking + "." + parts[2],
            parts[0] + "." + parts[1] + "." + flip(parts[2]),
            // The same signature spelt otherwise: its last character's ignored bits set.
            parts[0] + "." + parts[1] + "." + respell(parts[2]),
            noneAlg + "." + parts[1] + ".",
            parts[0] + "." + parts[1],
            ticket + ".x",
            "not a ticket",
            "",
            "a.b.c",
            "%%%.%%%.%%%",
            new Tickets(List.of("another-deployment-secret-of-32-characters")).issue(CLAIMS));
    for (String f : forged) {
      assertThat(tickets.verify(f, NOW)).as(f).isEmpty();
    }
    // The venue's own key does not verify a ticket signed with another venue's key.
    String forB = tickets.issue(withVenue("venue-b"));
    String[] b = forB.split("\\.");
    assertThat(tickets.verify(b[0] + "." + parts[1] + "." + b[2], NOW)).isEmpty();
  }

  @Test
  void aTicketEndsWithItsSlotAndSurvivesARotation() {
    String ticket = tickets.issue(CLAIMS);
    assertThat(tickets.verify(ticket, CLAIMS.expires())).isEmpty();
    assertThat(tickets.verify(ticket, CLAIMS.expires().minusSeconds(1))).isPresent();

    Tickets rotated = new Tickets(List.of("the-new-master-secret-of-32-characters-02", SECRET));
    assertThat(rotated.verify(ticket, NOW)).as("an old ticket, during the overlap").isPresent();
    String fresh = rotated.issue(CLAIMS);
    assertThat(rotated.verify(fresh, NOW)).isPresent();
    assertThat(tickets.verify(fresh, NOW)).as("the old deployment knows no new key").isEmpty();
    @SuppressWarnings("unchecked")
    var keys = (List<Map<String, Object>>) rotated.keysOf("venue-a").get("keys");
    assertThat(keys).hasSize(2);
  }

  private static Tickets.Claims withVenue(String venue) {
    return new Tickets.Claims(
        CLAIMS.bookingId(),
        CLAIMS.userId(),
        venue,
        CLAIMS.slotId(),
        CLAIMS.start(),
        CLAIMS.expires());
  }

  private static String b64(String s) {
    return Base64.getUrlEncoder()
        .withoutPadding()
        .encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  /** The last character with its four unused bits changed: decodes to the same 64 bytes. */
  private static String respell(String sig) {
    char last = sig.charAt(sig.length() - 1);
    String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    int bits = alphabet.indexOf(last);
    char other = alphabet.charAt((bits & 0b110000) | ((bits + 1) & 0b001111));
    String respelt = sig.substring(0, sig.length() - 1) + other;
    assertThat(Base64.getUrlDecoder().decode(respelt))
        .isEqualTo(Base64.getUrlDecoder().decode(sig));
    return respelt;
  }

  private static String flip(String sig) {
    char c = sig.charAt(5);
    return sig.substring(0, 5) + (c == 'A' ? 'B' : 'A') + sig.substring(6);
  }
}
