package fairslot.table;

import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import java.util.Map;
import java.util.Optional;

/** Values read from a stream record's item image (Lambda's own attribute type). */
public final class StreamImages {
  private StreamImages() {}

  /** The string {@code name}, or "" when the image lacks it. */
  public static String text(Map<String, AttributeValue> image, String name) {
    AttributeValue v = image.get(name);
    return v == null || v.getS() == null ? "" : v.getS();
  }

  public static Optional<Long> number(Map<String, AttributeValue> image, String name) {
    AttributeValue v = image.get(name);
    return v == null || v.getN() == null ? Optional.empty() : Optional.of(Long.parseLong(v.getN()));
  }
}
