package fairslot.table;

import fairslot.aws.Secrets;
import fairslot.kernel.PageRequest;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Opaque list cursors: the list they belong to (index and partition) and a query's LastEvaluatedKey
 * (string and number attributes only), encoded as base64url. A cursor only continues the list that
 * produced it: handed to another list it is refused as bad input, not sent to DynamoDB as a start
 * key it would reject.
 */
public final class Cursors {
  private Cursors() {}

  private static final char LIST = '\u0003';

  public static Optional<String> encode(String list, Map<String, AttributeValue> lastKey) {
    if (lastKey == null || lastKey.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder(list).append(LIST);
    lastKey.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(
            e -> {
              boolean number = e.getValue().n() != null;
              text.append(e.getKey())
                  .append('\u0001')
                  .append(number ? 'N' : 'S')
                  .append('\u0001')
                  .append(number ? e.getValue().n() : e.getValue().s())
                  .append('\u0002');
            });
    String payload =
        Base64.getUrlEncoder()
            .withoutPadding()
            .encodeToString(text.toString().getBytes(StandardCharsets.UTF_8));
    return Optional.of(payload + "." + tag(payload));
  }

  /**
   * Cursors are tamper-evident: an HMAC over the payload, keyed by the secret
   * FAIRSLOT_CURSOR_SECRET (in AWS read from Secrets Manager by FAIRSLOT_CURSOR_SECRET_ARN; every
   * container of a deployment shares it), or by a random per-process key where neither is set (then
   * a cursor only continues within the process that made it). A forged or edited cursor never
   * reaches DynamoDB as a start key.
   */
  private static final byte[] SECRET = Secrets.keyOrPerProcess("FAIRSLOT_CURSOR_SECRET");

  /** Loads the key now (at a function's init) rather than on the first list. */
  public static void loadKey() {
    // the static initializer above has run by the time this returns
  }

  private static String tag(String payload) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(SECRET, "HmacSHA256"));
      byte[] full = mac.doFinal(payload.getBytes(StandardCharsets.UTF_8));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(full, 16));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Whether the text is a cursor this API could have produced, for whatever list. */

  /**
   * The start key of {@code page}'s cursor for {@code list}; a cursor of another list is bad input.
   */
  public static Optional<Map<String, AttributeValue>> startKey(PageRequest page, String list) {
    return startKey(page.cursor(), list);
  }

  public static Optional<Map<String, AttributeValue>> startKey(
      Optional<String> cursor, String list) {
    return cursor.map(
        c -> {
          Parsed parsed =
              parse(c)
                  .orElseThrow(
                      () -> new PageRequest.BadCursor("cursor is not one this API returned"));
          if (!parsed.list().equals(list)) {
            throw new PageRequest.BadCursor(
                "cursor belongs to another list; start this one without it");
          }
          return parsed.key();
        });
  }

  private record Parsed(String list, Map<String, AttributeValue> key) {}

  private static Optional<Parsed> parse(String cursor) {
    int dot = cursor.lastIndexOf('.');
    if (dot < 0
        || !MessageDigest.isEqual(
            tag(cursor.substring(0, dot)).getBytes(StandardCharsets.UTF_8),
            cursor.substring(dot + 1).getBytes(StandardCharsets.UTF_8))) {
      return Optional.empty();
    }
    try {
      String text =
          new String(
              Base64.getUrlDecoder().decode(cursor.substring(0, dot)), StandardCharsets.UTF_8);
      int split = text.indexOf(LIST);
      if (split < 0) {
        return Optional.empty();
      }
      Map<String, AttributeValue> key = new HashMap<>();
      for (String part : text.substring(split + 1).split("\u0002")) {
        if (part.isEmpty()) {
          continue;
        }
        String[] fields = part.split("\u0001", 3);
        if (fields.length != 3) {
          return Optional.empty();
        }
        key.put(
            fields[0],
            fields[1].equals("N")
                ? AttributeValue.fromN(Long.toString(Long.parseLong(fields[2])))
                : AttributeValue.fromS(fields[2]));
      }
      return key.isEmpty()
          ? Optional.empty()
          : Optional.of(new Parsed(text.substring(0, split), key));
    } catch (IllegalArgumentException notOurs) {
      return Optional.empty();
    }
  }
}
