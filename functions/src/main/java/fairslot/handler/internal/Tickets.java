package fairslot.handler.internal;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.aws.Secrets;
import fairslot.kernel.BoundedCache;
import fairslot.shared.HmacSha256;
import fairslot.shared.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.NamedParameterSpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * QR check-in tickets (API.md v1.2): a JWS (RFC 7515 compact form, EdDSA over Ed25519, RFC 8037)
 * naming a booking, its member, its venue, its slot and the slot's start, valid until the slot
 * ends. Each venue has its own key pair, derived from the deployment's ticket secret, so a door
 * device of one venue holds one venue's public key ({@link #keysOf}, a JWK set) and verifies
 * offline; a ticket signed for one venue never verifies under another's key. The secret may list
 * several masters, the first signing and all verifying, which is how the key is rotated
 * (docs/security.md).
 */
public final class Tickets {
  /** The ticket's claims, once its signature is checked. */
  public record Claims(
      String bookingId,
      String userId,
      String venueId,
      String slotId,
      Instant start,
      Instant expires) {}

  private static final Base64.Encoder B64 = Base64.getUrlEncoder().withoutPadding();
  private static final Base64.Decoder UNB64 = Base64.getUrlDecoder();

  /** DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it. */
  private static final byte[] X509_PREFIX = HexFormat.of().parseHex("302a300506032b6570032100");

  /** At most this long: a QR code of a few hundred characters, never a body to parse at length. */
  public static final int MAX_LENGTH = 1024;

  private final List<Master> masters;

  /**
   * Derived key pairs, bounded: a forged ticket may name any venue, and such names must not grow
   * the map without end.
   */
  private final BoundedCache<String, KeyPair> pairs = new BoundedCache<>(10_000);

  private record Master(String kid, byte[] secret) {}

  /** {@code secrets}: the masters, the signing one first; each at least 32 characters. */
  public Tickets(List<String> secrets) {
    if (secrets.isEmpty()) {
      throw new IllegalArgumentException("a ticket secret is required");
    }
    List<Master> list = new ArrayList<>();
    for (String s : secrets) {
      byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
      list.add(new Master(kidOf(bytes), bytes));
    }
    this.masters = List.copyOf(list);
  }

  /** The deployment's tickets, read once per process (every wiring in it shares the keys). */
  public static Tickets deployment() {
    return Deployment.TICKETS;
  }

  private static final class Deployment {
    static final Tickets TICKETS = fromEnvironment();
  }

  /**
   * The deployment's tickets: FAIRSLOT_TICKET_SECRET (in AWS read from Secrets Manager through
   * FAIRSLOT_TICKET_SECRET_ARN, failing init if unreadable), several masters separated by commas;
   * with neither set, a random key per process (tickets then verify only where they were made).
   */
  public static Tickets fromEnvironment() {
    Optional<String> value =
        Secrets.read(
            System.getenv(),
            "FAIRSLOT_TICKET_SECRET",
            Secrets.MIN_LENGTH,
            Secrets.secretsManager());
    if (value.isPresent()) {
      List<String> masters = new ArrayList<>();
      for (String part : value.get().split(",")) {
        String m = part.strip();
        if (m.length() < Secrets.MIN_LENGTH) {
          throw new IllegalStateException(
              "each FAIRSLOT_TICKET_SECRET master needs " + Secrets.MIN_LENGTH + "+ characters");
        }
        masters.add(m);
      }
      return new Tickets(masters);
    }
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    return new Tickets(List.of(HexFormat.of().formatHex(random)));
  }

  /** A signed ticket for these claims, under the signing master's key of the venue. */
  public String issue(Claims c) {
    Master signing = masters.get(0);
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("alg", "EdDSA");
    header.put("kid", signing.kid());
    header.put("typ", "fairslot-ticket");
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("booking", c.bookingId());
    payload.put("member", c.userId());
    payload.put("venue", c.venueId());
    payload.put("slot", c.slotId());
    payload.put("start", c.start().toString());
    payload.put("exp", c.expires().getEpochSecond());
    String input = b64(Json.write(header)) + "." + b64(Json.write(payload));
    try {
      Signature ed = Signature.getInstance("Ed25519");
      ed.initSign(pair(signing, c.venueId()).getPrivate());
      ed.update(input.getBytes(StandardCharsets.US_ASCII));
      return input + "." + B64.encodeToString(ed.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The claims of a ticket this deployment signed and that has not expired at {@code now}; empty
   * for anything else (forged, altered, another deployment's, expired, not a ticket at all).
   */
  public Optional<Claims> verify(String ticket, Instant now) {
    if (ticket == null || ticket.length() > MAX_LENGTH) {
      return Optional.empty();
    }
    String[] parts = ticket.split("\\.", -1);
    if (parts.length != 3) {
      return Optional.empty();
    }
    try {
      JsonNode header = Json.read(new String(UNB64.decode(parts[0]), StandardCharsets.UTF_8));
      JsonNode payload = Json.read(new String(UNB64.decode(parts[1]), StandardCharsets.UTF_8));
      Optional<Master> master =
          masters.stream().filter(m -> m.kid().equals(header.path("kid").asText())).findFirst();
      String venue = payload.path("venue").asText("");
      if (!"EdDSA".equals(header.path("alg").asText()) || master.isEmpty() || venue.isEmpty()) {
        return Optional.empty();
      }
      byte[] signature = UNB64.decode(parts[2]);
      if (!B64.encodeToString(signature).equals(parts[2])) {
        // Only the one canonical spelling: the decoder would also take a copy whose last
        // character differs in bits it ignores, and no such copy is a ticket we issued.
        return Optional.empty();
      }
      Signature ed = Signature.getInstance("Ed25519");
      ed.initVerify(pair(master.get(), venue).getPublic());
      ed.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
      if (!ed.verify(signature)) {
        return Optional.empty();
      }
      Claims claims =
          new Claims(
              payload.path("booking").asText(),
              payload.path("member").asText(),
              venue,
              payload.path("slot").asText(),
              Instant.parse(payload.path("start").asText()),
              Instant.ofEpochSecond(payload.path("exp").asLong()));
      return now.isBefore(claims.expires()) ? Optional.of(claims) : Optional.empty();
    } catch (IllegalArgumentException
        | DateTimeException
        | IOException
        | GeneralSecurityException notOurs) {
      return Optional.empty();
    }
  }

  /**
   * The venue's public keys as a JWK set (RFC 7517/8037): what a door device needs to check tickets
   * offline. Every master's key is listed, so devices keep verifying through a rotation.
   */
  public Map<String, Object> keysOf(String venueId) {
    List<Object> keys = new ArrayList<>();
    for (Master m : masters) {
      Map<String, Object> jwk = new LinkedHashMap<>();
      jwk.put("kty", "OKP");
      jwk.put("crv", "Ed25519");
      jwk.put("kid", m.kid());
      jwk.put("alg", "EdDSA");
      jwk.put("use", "sig");
      jwk.put("x", B64.encodeToString(raw(pair(m, venueId).getPublic())));
      keys.add(jwk);
    }
    return Map.of("keys", keys);
  }

  /** A published key ({@code x} of a JWK) as a JDK public key: how a verifier reads it back. */
  public static PublicKey publicKey(String x) throws GeneralSecurityException {
    byte[] raw = UNB64.decode(x);
    byte[] der = new byte[X509_PREFIX.length + raw.length];
    System.arraycopy(X509_PREFIX, 0, der, 0, X509_PREFIX.length);
    System.arraycopy(raw, 0, der, X509_PREFIX.length, raw.length);
    return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
  }

  /** The raw 32-byte Ed25519 key pair whose private key is {@code seed} (RFC 8032 5.1.5). */
  static KeyPair fromSeed(byte[] seed) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
      // The JDK draws an Ed25519 private key as 32 bytes from its random source; given the seed
      // as that source it makes the pair of that private key.
      generator.initialize(NamedParameterSpec.ED25519, new SeedRandom(seed));
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  static byte[] raw(PublicKey key) {
    byte[] der = key.getEncoded();
    return Arrays.copyOfRange(der, der.length - 32, der.length);
  }

  private KeyPair pair(Master m, String venueId) {
    return pairs
        .computeIfAbsent(
            m.kid() + "/" + venueId,
            k -> fromSeed(hmac(m.secret(), "fairslot-ticket-key:" + venueId)))
        .orElseThrow();
  }

  private static String kidOf(byte[] secret) {
    return "t" + HexFormat.of().formatHex(hmac(secret, "fairslot-ticket-kid")).substring(0, 10);
  }

  private static byte[] hmac(byte[] key, String message) {
    return HmacSha256.of(key, message);
  }

  private static String b64(String json) {
    return B64.encodeToString(json.getBytes(StandardCharsets.UTF_8));
  }

  /** A random source that yields one fixed seed (for deriving a key pair, nothing else). */
  private static final class SeedRandom extends SecureRandom {
    private final byte[] seed;

    SeedRandom(byte[] seed) {
      this.seed = seed.clone();
    }

    @Override
    public void nextBytes(byte[] bytes) {
      if (bytes.length != seed.length) {
        throw new IllegalStateException("asked for " + bytes.length + " bytes, not the seed");
      }
      System.arraycopy(seed, 0, bytes, 0, seed.length);
    }
  }
}
