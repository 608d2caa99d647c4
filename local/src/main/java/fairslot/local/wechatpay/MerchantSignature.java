package fairslot.local.wechatpay;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fake's check of a merchant's request, as WeChat Pay makes it: the {@code
 * WECHATPAY2-SHA256-RSA2048} Authorization header, its parameters in any order (the Java SDK and
 * the Node plugin order them differently), over method, path, time, nonce and body, within 5
 * minutes.
 */
final class MerchantSignature {
  private MerchantSignature() {}

  /** One {@code key="value"} of the Authorization header. */
  private static final Pattern PARAM = Pattern.compile("\\s*([a-z_]+)=\"([^\"]*)\"\\s*");

  private static final String SCHEME = "WECHATPAY2-SHA256-RSA2048 ";

  private static final Set<String> NAMES =
      Set.of("mchid", "nonce_str", "timestamp", "serial_no", "signature");

  static boolean verifies(
      String auth, FakeWechatKeys keys, String method, String target, String body) {
    Map<String, String> p = parameters(auth);
    if (!p.keySet().equals(NAMES)
        || !p.get("mchid").equals(FakeWechatPay.MCH_ID)
        || !p.get("serial_no").equals(keys.merchantSerial)
        || !p.get("timestamp").matches("[0-9]{1,12}")) {
      return false;
    }
    long at = Long.parseLong(p.get("timestamp"));
    if (Duration.between(Instant.ofEpochSecond(at), Instant.now()).abs().toMinutes() >= 5) {
      return false;
    }
    String message =
        method + "\n" + target + "\n" + at + "\n" + p.get("nonce_str") + "\n" + body + "\n";
    return FakeWechatKeys.verify(keys.merchant.getPublic(), message, p.get("signature"));
  }

  /** The header's parameters, in whatever order they came; empty unless it is the scheme's. */
  private static Map<String, String> parameters(String auth) {
    Map<String, String> out = new HashMap<>();
    if (auth == null || !auth.startsWith(SCHEME)) {
      return out;
    }
    for (String part : auth.substring(SCHEME.length()).split(",")) {
      Matcher m = PARAM.matcher(part);
      if (!m.matches() || out.put(m.group(1), m.group(2)) != null) {
        return Map.of(); // malformed, or a parameter named twice
      }
    }
    return out;
  }
}
