package fairslot.webhook.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The addresses a webhook may be sent to: public https only (the local runtime also plain
 * http://127.0.0.1), judged on every address a host resolves to.
 */
class WebhookUrlsTest {
  private static final Map<String, String> DNS =
      Map.of(
          "hooks.example.com", "93.184.216.34",
          "inside.example.com", "10.1.2.3",
          "metadata.example.com", "169.254.169.254",
          "v6inside.example.com", "fd00::1",
          "mapped.example.com", "::ffff:192.168.1.9",
          "cgnat.example.com", "100.64.0.1");

  private static WebhookUrls urls(boolean loopback) {
    return new WebhookUrls(
        loopback,
        host -> {
          String ip = DNS.get(host);
          if (ip != null) {
            return new InetAddress[] {InetAddress.getByName(ip)};
          }
          if (host.matches("[0-9.:a-fA-F]+")) {
            return new InetAddress[] {InetAddress.getByName(host)};
          }
          throw new UnknownHostException(host);
        });
  }

  @Test
  void aPublicHttpsUrlIsAllowed() {
    assertThat(urls(false).refusal("https://hooks.example.com/fairslot?venue=1")).isEmpty();
    assertThat(urls(false).refusal("https://93.184.216.34:8443/x")).isEmpty();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://hooks.example.com/x",
        "ftp://hooks.example.com/x",
        "https://user:pw@hooks.example.com/x",
        "https://hooks.example.com/x#frag",
        "https://inside.example.com/x",
        "https://metadata.example.com/latest/meta-data",
        "https://169.254.169.254/latest/meta-data",
        "https://127.0.0.1/x",
        "https://localhost.invalid/x",
        "https://[::1]/x",
        "https://v6inside.example.com/x",
        "https://mapped.example.com/x",
        "https://cgnat.example.com/x",
        "https://0.0.0.0/x",
        "https://224.0.0.1/x",
        "http://127.0.0.1:9000/hook",
        "/relative/path",
        "not a url",
        ""
      })
  void anythingElseIsRefusedInAws(String url) {
    assertThat(urls(false).refusal(url)).as(url).isPresent();
  }

  /** API.md v1.3: an IPv6 address is judged by the IPv4 address it embeds; ports 1 to 65535. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://[::169.254.169.254]/latest", // IPv4-compatible
        "https://[::ffff:169.254.169.254]/latest", // mapped
        "https://[::ffff:0:7f00:1]/x", // translated, 127.0.0.1
        "https://[64:ff9b::a9fe:a9fe]/latest", // NAT64
        "https://[64:ff9b:1::a9fe:a9fe]/x", // local-use NAT64
        "https://[2002:a9fe:a9fe::1]/latest", // 6to4
        "https://[2002:0a01:0203::1]/x", // 6to4 of 10.1.2.3
        "https://[2001:0:4136:e378:8000:63bf:f5fe:fffe]/x", // Teredo, client 10.1.0.1
        "https://[::]/x",
        "https://hooks.example.com:99999/x",
        "https://hooks.example.com:0/x",
        "https://93.184.216.34:65536/x"
      })
  void anIpv6AddressThatEmbedsAPrivateOneAndAnImpossiblePortAreRefused(String url) {
    assertThat(urls(false).refusal(url)).as(url).isPresent();
  }

  @Test
  void publicIpv6AndEmbeddedPublicIpv4AndTheLastPortPass() {
    assertThat(urls(false).refusal("https://[2606:2800:220:1:248:1893:25c8:1946]/x")).isEmpty();
    assertThat(urls(false).refusal("https://[64:ff9b::5db8:d822]/x")).isEmpty(); // 93.184.216.34
    assertThat(urls(false).refusal("https://[2002:5db8:d822::1]/x")).isEmpty();
    assertThat(urls(false).refusal("https://hooks.example.com:65535/x")).isEmpty();
  }

  @Test
  void theLocalRuntimeAlsoAllowsPlainHttpToLoopbackButNothingElsePrivate() {
    WebhookUrls local = urls(true);
    assertThat(local.refusal("http://127.0.0.1:9000/hook")).isEmpty();
    assertThat(local.refusal("http://10.1.2.3/hook")).isPresent();
    assertThat(local.refusal("http://hooks.example.com/hook")).isPresent();
    assertThat(local.refusal("https://inside.example.com/hook")).isPresent();
  }
}
