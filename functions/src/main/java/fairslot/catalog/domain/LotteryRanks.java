package fairslot.catalog.domain;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.function.Function;

/**
 * The draw of a lottery slot, as anyone can check it (API.md v1.2): the slot publishes {@code
 * lotterySeedHash} = hex SHA-256 of the seed when it is created and the seed after the draw; an
 * entry's rank is the hex HMAC-SHA256 keyed by the seed over its requestId, and lower ranks come
 * first. HMAC is written out over {@link MessageDigest} (RFC 2104) so the domain needs nothing past
 * {@code java.*}; {@code LotteryRanksTest} checks it against the JDK's {@code javax.crypto.Mac}.
 */
public final class LotteryRanks {
  private static final int BLOCK = 64;

  private LotteryRanks() {}

  public static String seedHash(String seed) {
    return HexFormat.of().formatHex(sha256().digest(seed.getBytes(StandardCharsets.UTF_8)));
  }

  public static String rank(String seed, String requestId) {
    byte[] key = seed.getBytes(StandardCharsets.UTF_8);
    if (key.length > BLOCK) {
      key = sha256().digest(key);
    }
    byte[] ipad = new byte[BLOCK];
    byte[] opad = new byte[BLOCK];
    for (int i = 0; i < BLOCK; i++) {
      byte k = i < key.length ? key[i] : 0;
      ipad[i] = (byte) (k ^ 0x36);
      opad[i] = (byte) (k ^ 0x5c);
    }
    MessageDigest inner = sha256();
    inner.update(ipad);
    byte[] innerHash = inner.digest(requestId.getBytes(StandardCharsets.UTF_8));
    MessageDigest outer = sha256();
    outer.update(opad);
    return HexFormat.of().formatHex(outer.digest(innerHash));
  }

  /** The entries in draw order: by rank, lowest first (ties, which SHA-256 makes moot, by id). */
  public static <E> List<E> inDrawOrder(String seed, List<E> entries, Function<E, String> id) {
    return entries.stream()
        .sorted(Comparator.<E, String>comparing(e -> rank(seed, id.apply(e))).thenComparing(id))
        .toList();
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException every_jdk_has_it) {
      throw new IllegalStateException(every_jdk_has_it);
    }
  }
}
