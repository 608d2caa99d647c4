package fairslot.notification.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import fairslot.kernel.Interval;
import fairslot.kernel.MessageText;
import fairslot.kernel.Money;
import fairslot.notification.domain.SubscribeTemplates.Fact;
import fairslot.notification.domain.SubscribeTemplates.Template;
import java.time.Instant;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A subscribe message's fields: facts at the venue's time, cut to what WeChat's types take. */
class SubscribeTemplatesTest {
  private static final Instant START = Instant.parse("2026-12-09T11:00:00Z");

  @Test
  void factsFillTheKeysAtTheVenuesTimeAndLongTextIsCutToItsType() {
    Map<String, Fact> data = new LinkedHashMap<>();
    data.put("thing1", Fact.VENUE);
    data.put("time2", Fact.START);
    data.put("amount3", Fact.AMOUNT);
    data.put("phrase4", Fact.REASON);
    MessageFacts facts =
        new MessageFacts(
            "上海市静安区体育中心羽毛球馆三号场地（室内，含灯光）",
            ZoneId.of("Asia/Shanghai"),
            new Interval(START, START.plusSeconds(3600)),
            Optional.empty(),
            Optional.of(new Money(8800, "CNY")),
            Optional.of("场馆临时维修"));

    MessageText text =
        SubscribeTemplates.render(
            new Template("t1", "pages/b?id={ref}", data),
            new Notification("u", "s", Notification.Kind.REFUNDED, "b-1"),
            facts);

    assertThat(text.subject()).isEqualTo("t1");
    assertThat(text.body().split("\n"))
        .containsExactly(
            "page\tpages/b?id=b-1",
            "thing1\t上海市静安区体育中心羽毛球馆三号场地（室",
            "time2\t2026-12-09 19:00",
            "amount3\t¥88.00",
            "phrase4\t场馆临时维");
    SubscribeTemplates.Message read = SubscribeTemplates.read(text);
    assertThat(read.page()).isEqualTo("pages/b?id=b-1");
    assertThat(read.data()).containsKeys("thing1", "time2", "amount3", "phrase4");
    assertThat(read.data().get("amount3")).isEqualTo("¥88.00");
  }

  @Test
  void onlyTheFiveKindsV13NamesTakeATemplate() {
    assertThatThrownBy(
            () ->
                new SubscribeTemplates(
                    Map.of(
                        Notification.Kind.BOOKING_REMINDER,
                        new Template("t", "", Map.of("thing1", Fact.VENUE)))))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(SubscribeTemplates.amount(new Money(1500, "JPY"))).isEqualTo("¥1500");
  }
}
