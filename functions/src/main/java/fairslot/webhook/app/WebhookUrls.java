package fairslot.webhook.app;

import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Which addresses a webhook may be sent to (API.md v1.2): https only, no user info, and a host that
 * resolves only to public addresses: not loopback, private, link-local, unique-local, multicast or
 * unspecified, nor an IPv6 address that embeds such an IPv4 one (so a subscription cannot make
 * fairslot call into its own network or the instance metadata service), on a port of 1 to 65535.
 * The local runtime also allows {@code http://127.0.0.1}. Checked when the subscription is made and
 * again before every try, since a name can be pointed elsewhere later.
 */
public final class WebhookUrls {
  /** Longest URL accepted. */
  public static final int MAX_LENGTH = 2000;

  private final boolean loopbackAllowed;
  private final Resolver resolver;

  /** Port: a host name's addresses (the JVM's resolver; tests give their own). */
  public interface Resolver {
    InetAddress[] addresses(String host) throws UnknownHostException;
  }

  public WebhookUrls(boolean loopbackAllowed, Resolver resolver) {
    this.loopbackAllowed = loopbackAllowed;
    this.resolver = resolver;
  }

  public static WebhookUrls system(boolean loopbackAllowed) {
    return new WebhookUrls(loopbackAllowed, InetAddress::getAllByName);
  }

  /** Why {@code url} may not be used; empty when it may. */
  public Optional<String> refusal(String url) {
    if (url == null || url.isBlank() || url.length() > MAX_LENGTH) {
      return Optional.of(
          "url must be an absolute https URL of at most " + MAX_LENGTH + " characters");
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return Optional.of("url is not a URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    String host = uri.getHost();
    if (!uri.isAbsolute() || host == null || host.isEmpty()) {
      return Optional.of("url must be an absolute https URL");
    }
    if (uri.getRawUserInfo() != null) {
      return Optional.of("url may not carry a user name or password");
    }
    if (uri.getRawFragment() != null) {
      return Optional.of("url may not carry a fragment");
    }
    if (uri.getPort() == 0 || uri.getPort() > 65535 || uri.getPort() < -1) {
      return Optional.of("url's port must be 1 to 65535");
    }
    boolean localLoopback = loopbackAllowed && "http".equals(scheme) && isLoopbackName(host);
    if (!"https".equals(scheme) && !localLoopback) {
      return Optional.of(
          loopbackAllowed
              ? "url must be https (or http://127.0.0.1 on the local runtime)"
              : "url must be https");
    }
    InetAddress[] addresses;
    try {
      addresses =
          resolver.addresses(host.startsWith("[") ? host.substring(1, host.length() - 1) : host);
    } catch (UnknownHostException e) {
      return Optional.of("url's host does not resolve");
    }
    if (addresses.length == 0) {
      return Optional.of("url's host does not resolve");
    }
    for (InetAddress a : addresses) {
      if (localLoopback && a.isLoopbackAddress()) {
        continue;
      }
      if (!isPublic(a)) {
        return Optional.of("url's host resolves to a private, loopback or link-local address");
      }
    }
    return Optional.empty();
  }

  private static boolean isLoopbackName(String host) {
    return host.equals("127.0.0.1") || host.equalsIgnoreCase("localhost");
  }

  /** Whether the address is on the public internet (none of the ranges a server must not call). */
  static boolean isPublic(InetAddress a) {
    if (a.isLoopbackAddress()
        || a.isAnyLocalAddress()
        || a.isLinkLocalAddress()
        || a.isSiteLocalAddress()
        || a.isMulticastAddress()) {
      return false;
    }
    byte[] b = a.getAddress();
    if (b.length == 4) {
      int first = b[0] & 0xff;
      int second = b[1] & 0xff;
      return first != 0 // this network
          && !(first == 100 && second >= 64 && second < 128) // shared address space (CGNAT)
          && !(first == 192 && second == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments
          && !(first == 198 && (second == 18 || second == 19)) // benchmarking
          && first < 224; // multicast and reserved
    }
    // IPv6: unique local fc00::/7 and local-use NAT64 64:ff9b:1::/48 are never public; an address
    // that embeds an IPv4 address reaches it, so it is judged as that address (API.md v1.3).
    if ((b[0] & 0xfe) == 0xfc || startsWith(b, 0x00, 0x64, 0xff, 0x9b, 0x00, 0x01)) {
      return false;
    }
    for (byte[] v4 : embeddedIpv4(b)) {
      if (!isPublic(v4(v4))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The IPv4 addresses an IPv6 address carries: IPv4-compatible ::/96, mapped ::ffff:0:0/96,
   * translated ::ffff:0:0:0/96, NAT64 64:ff9b::/96, 6to4 2002::/16, and Teredo 2001::/32 (its
   * server, and its client, stored inverted).
   */
  static List<byte[]> embeddedIpv4(byte[] b) {
    byte[] last = Arrays.copyOfRange(b, 12, 16);
    if (zeros(b, 0, 10) && ((b[10] == 0 && b[11] == 0) || (b[10] == -1 && b[11] == -1))) {
      return List.of(last); // compatible or mapped
    }
    if (zeros(b, 0, 8) && b[8] == -1 && b[9] == -1 && b[10] == 0 && b[11] == 0) {
      return List.of(last); // translated
    }
    if (startsWith(b, 0x00, 0x64, 0xff, 0x9b) && zeros(b, 4, 12)) {
      return List.of(last); // NAT64, the well-known prefix
    }
    if (startsWith(b, 0x20, 0x02)) {
      return List.of(Arrays.copyOfRange(b, 2, 6)); // 6to4
    }
    if (startsWith(b, 0x20, 0x01, 0x00, 0x00)) {
      byte[] client = new byte[4];
      for (int i = 0; i < 4; i++) {
        client[i] = (byte) ~last[i];
      }
      return List.of(Arrays.copyOfRange(b, 4, 8), client); // Teredo
    }
    return List.of();
  }

  private static boolean startsWith(byte[] b, int... prefix) {
    for (int i = 0; i < prefix.length; i++) {
      if ((b[i] & 0xff) != prefix[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean zeros(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  private static InetAddress v4(byte[] four) {
    try {
      return InetAddress.getByAddress(four);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(e); // four bytes are always an address
    }
  }
}
