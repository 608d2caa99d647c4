package fairslot.local.wechatpay;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * A self-signed X.509 v3 certificate in DER, written by hand (the JDK makes none without its
 * internal classes): what the fake's platform certificates are, for merchants on certificates.
 */
final class SelfSignedCertificate {
  private static final DateTimeFormatter UTC_TIME =
      DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final String SHA256_WITH_RSA = "1.2.840.113549.1.1.11";
  private static final String COMMON_NAME = "2.5.4.3";

  private SelfSignedCertificate() {}

  static byte[] der(KeyPair keys, BigInteger serial, Instant from, Instant to, String cn) {
    byte[] algorithm = seq(oid(SHA256_WITH_RSA), new byte[] {0x05, 0x00});
    byte[] name = seq(set(seq(oid(COMMON_NAME), tlv(0x0C, cn.getBytes(StandardCharsets.UTF_8)))));
    byte[] tbs =
        seq(
            tlv(0xA0, integer(BigInteger.TWO)), // v3
            integer(serial),
            algorithm,
            name,
            seq(time(from), time(to)),
            name,
            keys.getPublic().getEncoded());
    try {
      Signature s = Signature.getInstance("SHA256withRSA");
      s.initSign(keys.getPrivate());
      s.update(tbs);
      byte[] signature = s.sign();
      byte[] bits = new byte[signature.length + 1]; // no unused bits
      System.arraycopy(signature, 0, bits, 1, signature.length);
      return seq(tbs, algorithm, tlv(0x03, bits));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] time(Instant at) {
    return tlv(0x17, UTC_TIME.format(at).getBytes(StandardCharsets.US_ASCII));
  }

  private static byte[] integer(BigInteger v) {
    return tlv(0x02, v.toByteArray());
  }

  private static byte[] oid(String dotted) {
    String[] parts = dotted.split("\\.");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(Integer.parseInt(parts[0]) * 40 + Integer.parseInt(parts[1]));
    for (int i = 2; i < parts.length; i++) {
      long v = Long.parseLong(parts[i]);
      int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 6) / 7);
      for (int g = groups - 1; g >= 0; g--) {
        int b = (int) ((v >> (7 * g)) & 0x7F);
        out.write(g == 0 ? b : b | 0x80);
      }
    }
    return tlv(0x06, out.toByteArray());
  }

  private static byte[] seq(byte[]... parts) {
    return tlv(0x30, concat(parts));
  }

  private static byte[] set(byte[]... parts) {
    return tlv(0x31, concat(parts));
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] tlv(int tag, byte[] value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(tag);
    int n = value.length;
    if (n < 0x80) {
      out.write(n);
    } else {
      byte[] len = BigInteger.valueOf(n).toByteArray();
      int skip = len[0] == 0 ? 1 : 0;
      out.write(0x80 | (len.length - skip));
      out.write(len, skip, len.length - skip);
    }
    out.writeBytes(value);
    return out.toByteArray();
  }
}
