package fairslot.local.wechatpay;

import fairslot.notification.domain.Notification.Kind;
import fairslot.notification.domain.SubscribeTemplates;
import fairslot.notification.domain.SubscribeTemplates.Fact;
import fairslot.notification.domain.SubscribeTemplates.Template;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The local mini-program's subscribe-message templates: one per kind fairslot sends, with keys in
 * WeChat's field types, as a venue would pick them from WeChat's template library (docs/wechat.md).
 */
public final class FakeTemplates {
  private FakeTemplates() {}

  public static final SubscribeTemplates ALL =
      new SubscribeTemplates(
          Map.of(
              Kind.BOOKING_CONFIRMED,
              template(
                  "tmpl-booking-confirmed",
                  "pages/booking/index?id={ref}",
                  "thing1",
                  Fact.VENUE,
                  "time2",
                  Fact.START,
                  "time3",
                  Fact.END),
              Kind.HOLD_EXPIRING,
              template(
                  "tmpl-hold-expiring",
                  "pages/booking/index?id={ref}",
                  "thing1",
                  Fact.VENUE,
                  "time2",
                  Fact.START,
                  "time3",
                  Fact.DEADLINE),
              Kind.OFFER_MADE,
              template(
                  "tmpl-offer-made",
                  "pages/offer/index?id={ref}",
                  "thing1",
                  Fact.VENUE,
                  "time2",
                  Fact.START,
                  "time3",
                  Fact.DEADLINE),
              Kind.SLOT_CANCELLED,
              template(
                  "tmpl-slot-cancelled",
                  "pages/booking/index?id={ref}",
                  "thing1",
                  Fact.VENUE,
                  "time2",
                  Fact.START,
                  "thing3",
                  Fact.REASON),
              Kind.REFUNDED,
              template(
                  "tmpl-refunded",
                  "pages/booking/index?id={ref}",
                  "thing1",
                  Fact.VENUE,
                  "amount2",
                  Fact.AMOUNT,
                  "time3",
                  Fact.START)));

  /** Whether {@code templateId} is one of these. */
  static boolean known(String templateId) {
    return ALL.kindOf(templateId).isPresent();
  }

  private static Template template(
      String id, String page, String k1, Fact f1, String k2, Fact f2, String k3, Fact f3) {
    Map<String, Fact> data = new LinkedHashMap<>();
    data.put(k1, f1);
    data.put(k2, f2);
    data.put(k3, f3);
    return new Template(id, page, data);
  }
}
