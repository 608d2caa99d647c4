package fairslot.notification.domain;

import static org.assertj.core.api.Assertions.assertThat;

import fairslot.kernel.Interval;
import fairslot.kernel.MessageText;
import fairslot.kernel.Money;
import fairslot.member.domain.MemberProfile;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class MessageTemplatesTest {
  private static final MessageFacts FACTS =
      new MessageFacts(
          "Riverside",
          ZoneId.of("Asia/Shanghai"),
          new Interval(
              Instant.parse("2026-12-05T10:00:00Z"), Instant.parse("2026-12-05T11:00:00Z")),
          Optional.of(Instant.parse("2026-12-01T09:30:00Z")),
          Optional.of(new Money(1250, "CNY")));

  @Test
  void everyKindInEveryLocaleFillsEveryPlaceholderAndNamesTheVenueAndItsZone() {
    for (Notification.Kind kind : Notification.Kind.values()) {
      for (String locale : MemberProfile.LOCALES) {
        MessageText text = MessageTemplates.render(kind, locale, FACTS);
        assertThat(text.subject() + text.body()).as("%s %s", kind, locale).doesNotContain("{");
        assertThat(text.subject() + text.body()).contains("Riverside");
        assertThat(text.subject()).isNotBlank().hasSizeLessThan(100);
      }
    }
  }

  @Test
  void anOfferStatesItsDeadlineInVenueTime() {
    MessageText en = MessageTemplates.render(Notification.Kind.OFFER_MADE, "en", FACTS);
    MessageText zh = MessageTemplates.render(Notification.Kind.OFFER_MADE, "zh-CN", FACTS);

    assertThat(en.body()).contains("until 2026-12-01 17:30 (Asia/Shanghai)");
    assertThat(en.body()).contains("2026-12-05 18:00 (Asia/Shanghai) to 19:00");
    assertThat(zh.body()).contains("为您保留至 2026-12-01 17:30 (Asia/Shanghai)");
  }

  @Test
  void aRefundStatesItsAmountInMajorUnitsOfItsCurrency() {
    assertThat(MessageTemplates.render(Notification.Kind.REFUNDED, "en", FACTS).subject())
        .isEqualTo("Refund sent: 12.50 CNY");
    assertThat(MessageTemplates.amount(new Money(1250, "JPY"))).isEqualTo("1250 JPY");
    assertThat(MessageTemplates.amount(new Money(5, "XYZ"))).isEqualTo("0.05 XYZ");
  }

  @Test
  void aLocaleWeDoNotWriteInGetsEnglish() {
    assertThat(MessageTemplates.render(Notification.Kind.BOOKING_REMINDER, "fr", FACTS).subject())
        .startsWith("Reminder");
  }
}
