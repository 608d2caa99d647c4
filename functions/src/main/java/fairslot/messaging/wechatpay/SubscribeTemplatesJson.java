package fairslot.messaging.wechatpay;

import com.fasterxml.jackson.databind.JsonNode;
import fairslot.notification.domain.Notification;
import fairslot.notification.domain.SubscribeTemplates;
import fairslot.notification.domain.SubscribeTemplates.Fact;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The WeChat secret's {@code subscribeTemplates}: by kind of notification, {@code {"templateId":
 * "...", "page": "pages/booking/index?id={ref}", "data": {"thing1": "venue", "time2": "start"}}}
 * (facts: venue, start, end, deadline, amount, reason, ref; docs/wechat.md). Absent: none. A wrong
 * kind, fact or missing id fails init (fail closed), never a message sent half-filled.
 */
final class SubscribeTemplatesJson {
  private SubscribeTemplatesJson() {}

  static SubscribeTemplates read(JsonNode node) {
    if (node == null || node.isMissingNode() || node.isNull()) {
      return SubscribeTemplates.NONE;
    }
    Map<Notification.Kind, SubscribeTemplates.Template> byKind =
        new EnumMap<>(Notification.Kind.class);
    node.fields()
        .forEachRemaining(
            e -> {
              Notification.Kind kind;
              try {
                kind = Notification.Kind.valueOf(e.getKey());
              } catch (IllegalArgumentException unknown) {
                throw new IllegalStateException("subscribeTemplates: no kind " + e.getKey());
              }
              JsonNode t = e.getValue();
              String id = t.path("templateId").asText("");
              if (id.isBlank() || !t.path("data").isObject() || t.path("data").isEmpty()) {
                throw new IllegalStateException(
                    "subscribeTemplates." + kind + " needs templateId and data");
              }
              Map<String, Fact> data = new LinkedHashMap<>();
              t.path("data")
                  .fields()
                  .forEachRemaining(
                      f -> {
                        try {
                          data.put(
                              f.getKey(),
                              Fact.valueOf(f.getValue().asText().toUpperCase(Locale.ROOT)));
                        } catch (IllegalArgumentException unknown) {
                          throw new IllegalStateException(
                              "subscribeTemplates." + kind + ": no fact " + f.getValue().asText());
                        }
                      });
              byKind.put(
                  kind, new SubscribeTemplates.Template(id, t.path("page").asText(""), data));
            });
    return new SubscribeTemplates(byKind);
  }
}
