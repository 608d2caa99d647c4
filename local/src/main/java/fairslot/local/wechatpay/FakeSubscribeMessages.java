package fairslot.local.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import fairslot.shared.Json;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The fake's {@code POST /cgi-bin/message/subscribe/send}: 40001 for a platform token it did not
 * issue, 40037 for a template that is not the mini-program's, 47003 for a message without data,
 * 43101 once for a member and template the control refused (WeChat: no send left, or the member
 * unsubscribed); otherwise the message is kept for {@code GET /_local/wechat/messages}.
 */
public final class FakeSubscribeMessages {
  private final FakeMiniProgram miniProgram;
  private final Clock clock;
  private final List<JsonNode> sent = new ArrayList<>();
  private final Set<String> refusals = ConcurrentHashMap.newKeySet();

  FakeSubscribeMessages(FakeMiniProgram miniProgram, Clock clock) {
    this.miniProgram = miniProgram;
    this.clock = clock;
  }

  FakeOrders.Answer send(String query, String body) {
    String token =
        query == null || !query.startsWith("access_token=")
            ? ""
            : URLDecoder.decode(query.substring("access_token=".length()), StandardCharsets.UTF_8);
    JsonNode in = FakeOrders.read(body);
    String openid = in.path("touser").asText("");
    String template = in.path("template_id").asText("");
    ObjectNode out = Json.object();
    if (!miniProgram.accepts(token)) {
      return error(40001, "invalid credential, access_token is invalid or not latest");
    }
    if (!FakeTemplates.known(template)) {
      return error(40037, "invalid template_id");
    }
    if (!in.path("data").isObject() || in.path("data").isEmpty() || openid.isEmpty()) {
      return error(47003, "argument invalid!");
    }
    if (refusals.remove(openid + "\n" + template)) {
      return error(43101, "user refuse to accept the msg");
    }
    ObjectNode kept = in.deepCopy();
    kept.put("sentAt", clock.instant().toString());
    synchronized (sent) {
      sent.add(kept);
    }
    out.put("errcode", 0);
    out.put("errmsg", "ok");
    out.put("msgid", Math.abs((long) kept.hashCode()));
    return new FakeOrders.Answer(200, out, false);
  }

  private static FakeOrders.Answer error(int errcode, String errmsg) {
    ObjectNode out = Json.object();
    out.put("errcode", errcode);
    out.put("errmsg", errmsg);
    return new FakeOrders.Answer(200, out, false);
  }

  /** The next send of {@code templateId} to {@code openid} answers 43101. */
  public void refuseNext(String openid, String templateId) {
    refusals.add(openid + "\n" + templateId);
  }

  /** Every message sent, oldest first. */
  public List<JsonNode> sent() {
    synchronized (sent) {
      return List.copyOf(sent);
    }
  }
}
